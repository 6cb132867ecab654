import Foundation

/// Awaits a child process's exit: a continuation resumed once by
/// `terminationHandler`.
///
/// `Process` calls `terminationHandler` exactly once, after the child has
/// exited, so the handler resumes the continuation with the status. If `run()`
/// throws, the handler is never called, and the `catch` resumes the
/// continuation instead: every path resumes it exactly once. The caller
/// continues in its own isolation after the `await`, not on the thread that
/// reaped the child.
public nonisolated enum ProcessExitWatch {
    /// Runs `executable` and returns its exit status once it has exited;
    /// throws if it cannot be started.
    public static func run(
        _ executable: URL, arguments: [String] = []
    ) async throws -> Int32 {
        let child = Process()
        child.executableURL = executable
        child.arguments = arguments
        return try await withCheckedThrowingContinuation { exited in
            // Set before `run()`, as on the Legacy side.
            child.terminationHandler = { process in
                exited.resume(returning: process.terminationStatus)
            }
            do {
                try child.run()
            } catch {
                exited.resume(throwing: error)  // the handler will never run
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ProcessExitWatch {
    /// Runs `executable`, then logs `child quit.` and its status (or that it
    /// did not start).
    public static func watchChild(
        _ executable: URL,
        arguments: [String] = [],
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("starting \(executable.lastPathComponent)")
        do {
            let status = try await run(executable, arguments: arguments)
            log("child quit.")
            log("exit status \(status)")
        } catch {
            log("could not start \(executable.path)")
        }
    }
}
