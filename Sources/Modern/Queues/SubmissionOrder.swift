/// `await` finishes the work before the caller's next line; `Task {}` starts it
/// and moves on.
///
/// `await firstLog()` is the new `sync`, except that the caller suspends
/// instead of blocking a thread. `Task {}` is the new `async`: it returns at
/// once and the two lines race, so "Second Log" usually comes first with no
/// guarantee. A task created on the main actor inherits the main actor and is
/// enqueued behind the code that created it, so there "Second Log" is certain.
/// `Task.immediate` (SE-0472) is new: it runs the body on the caller, before
/// returning, until the body's first suspension.
public nonisolated enum SubmissionOrder {
    /// `await`: the caller suspends until "First Log" has been logged.
    public static func logAwaiting(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await firstLog(log: log)
        log("Second Log")
    }

    /// The work that `sync` sent to a global queue, run off the caller's actor.
    @concurrent
    static func firstLog(log: @escaping @Sendable (String) -> Void) async {
        log("First Log")
    }

    /// `Task {}`: returns at once, and "First Log" runs whenever the pool gets
    /// to the task.
    ///
    /// `gate` runs first inside the task; a test passes one that waits for a
    /// signal it sends after "Second Log". Await the returned task to know the
    /// body has run.
    @discardableResult
    public static func logInTask(
        log: @escaping @Sendable (String) -> Void,
        gate: @escaping @Sendable () async -> Void = {}
    ) -> Task<Void, Never> {
        let task = Task {
            await gate()
            log("First Log")
        }
        log("Second Log")
        return task
    }

    /// `Task {}` on the main actor inherits it: the task runs after this code.
    @MainActor
    @discardableResult
    public static func logInMainActorTask(
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        let task = Task {
            log("First Log")
        }
        log("Second Log")
        return task
    }
}

// MARK: - Or start inline: `Task.immediate`

nonisolated extension SubmissionOrder {
    /// `Task.immediate`: the body runs now, on the caller, before it returns.
    @discardableResult
    public static func logInImmediateTask(
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        let task = Task.immediate {
            log("First Log")
        }
        log("Second Log")
        return task
    }
}
