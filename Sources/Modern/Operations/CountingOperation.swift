/// The operation subclass becomes an `async throws` function: its `main` is the
/// body, and cancellation is `try Task.checkCancellation()` between steps.
///
/// There is no object to create, start or keep: calling the function runs the
/// work, and `await` waits for it. Run it as a child task (`async let`, a task
/// group) to let the caller go on meanwhile, and put what the completion block
/// did after the `await`. Cancellation stays cooperative: a cancelled task
/// still runs the body, which stops at its next check by throwing
/// `CancellationError`. `@concurrent` sends the counting to the shared pool
/// whoever calls it.
public nonisolated enum CountingOperation {
    /// The operation's `main`: counts from `startingCount` up to `endingCount`,
    /// checking for cancellation before every step.
    @concurrent
    public static func count(
        from startingCount: Int = 0,
        to endingCount: Int = 1000,
        log: @Sendable (String) -> Void
    ) async throws {
        for counter in startingCount..<endingCount {
            try Task.checkCancellation()
            log("Count = \(counter)")
        }
    }
}

// MARK: - Awaited: the caller is suspended, not blocked

nonisolated extension CountingOperation {
    /// Started by hand: `Main thread is here` comes after the last count,
    /// because the caller awaits it.
    public static func runByHand(
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        try await count(from: 0, to: 1000, log: log)
        log("Main thread is here")
    }
}

// MARK: - As a child task; the completion follows the await

nonisolated extension CountingOperation {
    /// On a queue: the count runs as a child task beside the caller, and what
    /// the completion block did comes after the `await` (cancelled or not).
    public static func runAsChildTask(
        log: @escaping @Sendable (String) -> Void
    ) async {
        async let counting: Void = count(from: 0, to: 1000, log: log)
        // The caller is free to do other work here.
        try? await counting
        log("completion")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension CountingOperation {
    /// The child-task form, started in a task group that is already cancelled:
    /// its task and the `async let` child start cancelled, the body throws at
    /// its first check, before any count, and the completion still runs.
    public static func runCancelledBeforeStart(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask { await runAsChildTask(log: log) }
        }
    }
}
