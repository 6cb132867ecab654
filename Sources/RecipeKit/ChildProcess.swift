import Foundation

/// Runs a demonstration in a child process with a timeout and reports how it ended.
///
/// Deadlocks, traps and pool starvation never run in the calling process: a trap would take it
/// down and a hang would never return. The child is the `compare` executable started as
/// `compare --demo <recipe> <scenario> <legacy|modern> --pace <pace>`; its transcript arrives
/// unbuffered on its standard output, so the lines logged before a trap are kept.
public enum ChildProcess {
    /// The executable that serves `--demo`: `COMPARE_EXECUTABLE` if set, this process if it is
    /// `compare` or `guide`, else a `compare` next to this process's executable (the test runner's
    /// case).
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["COMPARE_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        let current = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if ["compare", "guide"].contains(current.lastPathComponent) { return current }
        var directory = current.deletingLastPathComponent()
        // A test bundle on Darwin sits inside `X.xctest/Contents/MacOS`.
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("compare")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return current.deletingLastPathComponent().appendingPathComponent("compare")
    }

    /// Runs `compare` (or another executable) with these arguments; kills it when the timeout
    /// passes, and returns how it ended and the lines it wrote to standard output.
    public static func run(
        _ executable: URL = executable,
        arguments: [String],
        timeout: Duration
    ) async -> (result: DemoResult, lines: [String]) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // Without this, the Swift runtime's backtracer symbolicates every crash before the process
        // dies, which on a loaded machine can take longer than the timeout: a trap would be
        // reported as a hang.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in
            exited.continuation.yield()
            exited.continuation.finish()
        }
        do {
            try process.run()
        } catch {
            return (.finished(status: -1), ["could not start \(executable.path): \(error)"])
        }
        // Read the pipe while the child runs, so a chatty child never blocks on a full pipe. The
        // read blocks, so it gets a thread of its own: on a cooperative thread it would hold one
        // of the pool's few threads for as long as the child lives (or hangs).
        let reader = Task {
            await onOwnThread(name: "child-output") { output.fileHandleForReading.readDataToEndOfFile() }
        }
        let endedInTime = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in exited.stream { return true }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !endedInTime {
            kill(process.processIdentifier, SIGKILL)
            await onOwnThread(name: "child-reaper") { process.waitUntilExit() }
        }
        let data = await reader.value
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard endedInTime else { return (.hung, lines) }
        switch process.terminationReason {
        case .uncaughtSignal: return (.trapped(signal: process.terminationStatus), lines)
        case .exit: return (.finished(status: process.terminationStatus), lines)
        @unknown default: return (.finished(status: process.terminationStatus), lines)
        }
    }
}
