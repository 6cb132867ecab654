/// Runs a closure now when already on the main actor, otherwise schedules it
/// there.
///
/// `Task.immediate { @MainActor in … }` (SE-0472) starts the task synchronously
/// when the caller is already isolated to the main actor, and enqueues it on
/// the main actor otherwise. There is no thread or queue check to get wrong,
/// and the closure is main-actor isolated either way, which the compiler
/// checks. In synchronous code that must already be on the main actor, call
/// `MainActor.assumeIsolated { … }` instead: it runs inline, and traps anywhere
/// else.
public nonisolated enum MainHop {
    /// Runs `body` at once when on the main actor, else enqueues it there.
    /// Await the task to know it has run.
    @discardableResult
    public static func runOnMain(
        _ body: @escaping @MainActor @Sendable () -> Void
    ) -> Task<Void, Never> {
        Task.immediate { @MainActor in
            body()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension MainHop {
    /// Logs "ran" through `runOnMain`, then "after". From the main actor "ran"
    /// comes first; from elsewhere "ran" waits for the main actor. Await the
    /// task to know both are logged.
    public static func runThenContinue(
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        let task = runOnMain { log("ran") }
        log("after")
        return task
    }

    /// Sends three closures through `runOnMain`; they run in the order they
    /// were sent.
    public static func runThree(
        log: @escaping @Sendable (String) -> Void
    ) -> [Task<Void, Never>] {
        (1...3).map { index in
            runOnMain { log("block \(index)") }
        }
    }
}
