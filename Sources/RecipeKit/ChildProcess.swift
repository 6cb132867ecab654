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
        return CommandRun.builtExecutable(named: "compare")
    }

    /// Runs `compare` (or another executable) with these arguments; kills it when it is found hung
    /// (blocked, not merely slow) after the timeout, and returns how it ended and the lines it wrote
    /// to standard output. With `crashReport`, the Swift runtime's backtracer stays on and the
    /// digest of the crash report it writes to standard error follows those lines (see
    /// `CrashReport`; not under ThreadSanitizer, where `CrashReport.isAvailable` is false).
    public static func run(
        _ executable: URL = executable,
        arguments: [String],
        timeout: Duration,
        crashReport: Bool = false
    ) async -> (result: DemoResult, lines: [String]) {
        let crashReport = crashReport && CrashReport.isAvailable
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // Without this, the Swift runtime's backtracer symbolicates every crash before the process
        // dies, which only makes a trap slower to report.
        environment["SWIFT_BACKTRACE"] = crashReport ? CrashReport.backtraceSetting : "enable=no"
        // Under ThreadSanitizer a process sleeps a second in exit, to let late race reports in;
        // asleep, a child that has finished would look hung. The parent's own run still reports.
        environment["TSAN_OPTIONS"] = [environment["TSAN_OPTIONS"], "atexit_sleep_ms=0"]
            .compactMap { $0 }.joined(separator: " ")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = crashReport ? errors : FileHandle.nullDevice
        let exited = Locked(false)
        process.terminationHandler = { _ in exited.withLock { $0 = true } }
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
        let errorReader: Task<Data, Never>? =
            crashReport
            ? Task { await onOwnThread(name: "child-errors") { errors.fileHandleForReading.readDataToEndOfFile() } }
            : nil
        let endedByItself = await waitForExit(of: process.processIdentifier, exited: exited, timeout: timeout)
        if !endedByItself {
            kill(process.processIdentifier, SIGKILL)
            await onOwnThread(name: "child-reaper") { process.waitUntilExit() }
        }
        let data = await reader.value
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        if let errorReader {
            lines += CrashReport.digest(String(decoding: await errorReader.value, as: UTF8.self))
        }
        guard endedByItself else { return (.hung, lines) }
        switch process.terminationReason {
        case .uncaughtSignal: return (.trapped(signal: process.terminationStatus), lines)
        case .exit: return (.finished(status: process.terminationStatus), lines)
        @unknown default: return (.finished(status: process.terminationStatus), lines)
        }
    }

    /// Waits until the child exits (true) or is found hung (false).
    ///
    /// "Hung" means blocked: once `timeout` has passed, the child counts as hung only when, for a
    /// whole second, none of its threads is runnable and it uses no CPU time. A child that is merely
    /// slow (starting up on a loaded machine, printing a crash report under a sanitizer) keeps
    /// running or runnable, so it gets more time, up to twelve timeouts in all. Where `/proc` can't
    /// be read, the plain timeout decides (plus a second for the exit to be reported: a child that
    /// has just exited is gone from `/proc` before its termination handler runs).
    private static func waitForExit(of pid: Int32, exited: Locked<Bool>, timeout: Duration) async -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        var lastActivity: ThreadActivity?
        var idleSince: ContinuousClock.Instant?
        while !exited.withLock({ $0 }) {
            let now = clock.now
            if now - start >= timeout {
                guard let activity = ThreadActivity(pid: pid) else {
                    // No `/proc` entry: the child has exited and been reaped, and the handler that
                    // says so may not have run yet (or `/proc` can't be read). Give it a second.
                    for _ in 0..<40 where !exited.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(25)) }
                    return exited.withLock { $0 }
                }
                if let lastActivity, !activity.anyRunnable, activity.cpuTicks == lastActivity.cpuTicks {
                    if let idleSince, now - idleSince >= .seconds(1) { return exited.withLock { $0 } }
                    idleSince = idleSince ?? now
                } else {
                    idleSince = nil
                }
                lastActivity = activity
                if now - start >= timeout * 12 { return exited.withLock { $0 } }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return true
    }
}

/// What the threads of a process and of the processes it started are doing, from
/// `/proc/<pid>/task/*/stat` and `/proc/<pid>/task/*/children` (Linux).
///
/// The descendants count: a child that traps waits, idle, while the Swift runtime's backtracer
/// (`swift-backtrace`, a process it starts) symbolicates the crash, and on a loaded machine that
/// took longer than a demonstration's timeout, so a trap was reported as a hang.
struct ThreadActivity: Equatable {
    /// User plus system CPU time of all threads, in clock ticks.
    var cpuTicks = 0
    /// Whether any thread is running or ready to run.
    var anyRunnable = false

    /// Nil where `/proc` is not available, or the process is gone.
    init?(pid: Int32) {
        guard add(pid, depth: 0) else { return nil }
    }

    /// Adds the threads of `pid` and, up to a few levels, of its children; false when `pid` has no
    /// `/proc` entry.
    private mutating func add(_ pid: Int32, depth: Int) -> Bool {
        let tasks = "/proc/\(pid)/task"
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: tasks), !threads.isEmpty else {
            return false
        }
        for thread in threads {
            if let stat = try? String(contentsOfFile: "\(tasks)/\(thread)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            {
                // After "pid (comm)": state is field 3, utime field 14, stime field 15.
                let fields = stat[stat.index(after: end)...].split(separator: " ")
                if fields.count > 12 {
                    if fields[0] == "R" || fields[0] == "Z" { anyRunnable = true }
                    cpuTicks += (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
                }
            }
            guard depth < 3, let children = try? String(contentsOfFile: "\(tasks)/\(thread)/children", encoding: .utf8)
            else { continue }
            for child in children.split(separator: " ").compactMap({ Int32($0) }) { _ = add(child, depth: depth + 1) }
        }
        return true
    }
}
