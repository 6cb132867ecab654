import Foundation

/// Runs a handler once when a child process exits.
///
/// The classic version watches another app with a process source
/// (`DISPATCH_SOURCE_TYPE_PROC`, `DISPATCH_PROC_EXIT`);
/// `DispatchSource.makeProcessSource` does not exist on Linux. For a process
/// you start yourself, `Process` does the watching: it reaps the child and
/// calls `terminationHandler` once, on a thread of its own, after the child has
/// exited. Set the handler before `run()`: a child that exits at once must
/// still find someone listening.
public enum ProcessExitWatch {
    /// Starts `executable` and calls `onExit` with its exit status once it has
    /// exited; throws if it cannot be started, and `onExit` is then never
    /// called.
    public static func start(
        _ executable: URL,
        arguments: [String] = [],
        onExit: @escaping @Sendable (Int32) -> Void
    ) throws {
        let child = Process()
        child.executableURL = executable
        child.arguments = arguments
        // Before `run()`, never after: the child may be gone by then.
        child.terminationHandler = { process in
            onExit(process.terminationStatus)
        }
        try child.run()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ProcessExitWatch {
    /// Starts `executable`, logs `child quit.` and its status when it exits,
    /// and calls `completion` after that (or at once if it did not start).
    public static func watchChild(
        _ executable: URL,
        arguments: [String] = [],
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        log("starting \(executable.lastPathComponent)")
        do {
            try start(executable, arguments: arguments) { status in
                log("child quit.")
                log("exit status \(status)")
                completion()
            }
        } catch {
            log("could not start \(executable.path)")
            completion()
        }
    }
}
