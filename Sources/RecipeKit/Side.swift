/// How the catalog runs one side of a scenario.
public enum Side: Sendable {
    /// Runs in this process. Callback-based legacy code is bridged with a continuation, and code
    /// that needs a run loop or blocks is run on its own thread (see `onOwnThread`).
    case inProcess(@Sendable (RunContext) async throws -> Void)
    /// Runs in a child process with a timeout; the outcome is how the child ended. Used for
    /// deadlocks, traps and pool starvation, which must never take down the caller.
    case childProcess(ChildBody)
}

/// The code a child process runs for a demonstration.
public enum ChildBody: Sendable {
    /// Runs synchronously on the child's main thread (for `DispatchQueue.main.sync` from main).
    case onMainThread(@Sendable (_ pace: Pace, _ log: @escaping @Sendable (String) -> Void) -> Void)
    /// Runs as a task while the main queue is drained by `dispatchMain()`.
    case async(@Sendable (_ pace: Pace, _ log: @escaping @Sendable (String) -> Void) async -> Void)
}
