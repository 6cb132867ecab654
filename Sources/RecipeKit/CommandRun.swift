import Foundation

/// How a command-line run of one of the package's executables ended, and what it printed.
///
/// The CLI tests of `compare`, `scan` and `bench` run the built executables as a person would;
/// this is the one place that launches them and reads both pipes.
public struct CommandRun: Sendable {
    public let status: Int32
    public let out: String
    public let err: String

    /// The package's executable `name` as built beside the running process: found in this
    /// process's folder or a folder above it (a test bundle on Darwin sits inside
    /// `X.xctest/Contents/MacOS`), else assumed in this process's folder.
    public static func builtExecutable(named name: String) -> URL {
        let current = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = current.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return current.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs `executable` with `arguments` to the end. `environment` entries are added to this
    /// process's (an empty value is kept, use `removing` to unset a variable). Both pipes are read
    /// on threads of their own, never on a cooperative thread, so that neither can fill up and
    /// block the child, and no pool thread is held while it runs.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
        removing: [String] = [], directory: URL? = nil, threadName: String = "command-run"
    ) async throws -> CommandRun {
        try await onOwnThread(name: threadName) {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = directory }
            var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            for name in removing { variables.removeValue(forKey: name) }
            process.environment = variables
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let errData = Locked(Data())
            let errRead = DispatchSemaphore(value: 0)
            Thread {
                errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() }
                errRead.signal()
            }.start()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            errRead.wait()
            process.waitUntilExit()
            return CommandRun(
                status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                err: String(decoding: errData.withLock { $0 }, as: UTF8.self))
        }
    }
}
