/// Runs code once, after a delay: a task that sleeps until a deadline first.
///
/// The deadline is taken at the call, as `asyncAfter(deadline: .now() + d)`
/// takes it: a task first runs when its actor (or the pool) gets to it, and
/// `Task.sleep(for:)` written inside it would add that wait to the delay.
/// `clock.sleep(until:)` suspends the task, not a thread, and everything
/// after it is the delayed work. The delay is a minimum, as with `asyncAfter`.
/// The clock is a parameter: `ContinuousClock` keeps counting while the
/// machine sleeps, and `SuspendingClock` (like `DispatchTime`) does not. Each
/// function returns the task, so a caller can await it or cancel it (see
/// `CancellableDelay`); fire-and-forget callers ignore it. Inside async code
/// you don't need a new task at all: `try await Task.sleep(for: delay)` and
/// carry on.
public nonisolated enum DelayedTask {
    /// `performSelector:withObject:afterDelay:` ran the selector on the main
    /// thread, so this task is isolated to the main actor.
    @discardableResult
    public static func printString(
        _ string: String = "Grand Central Dispatch",
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, any Error> {
        let deadline = clock.now.advanced(by: delay)  // now, not when it runs
        return Task { @MainActor in
            try await clock.sleep(until: deadline, tolerance: nil)
            log(string)
        }
    }

    /// The `dispatch_after_f` example: work that doesn't need the main actor
    /// runs in a plain task.
    @discardableResult
    public static func processSomething(
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, any Error> {
        let deadline = clock.now.advanced(by: delay)
        return Task {
            try await clock.sleep(until: deadline, tolerance: nil)
            processSomething(log: log)
        }
    }

    static func processSomething(log: @Sendable (String) -> Void) {
        log("Processing…")
    }
}

// MARK: - `foo` calls `bar` later

extension DelayedTask {
    /// `foo` calls `bar` later. Both are main-actor methods, and the task
    /// started in `foo` inherits the main actor, so `bar` needs no hop.
    @MainActor
    @discardableResult
    public static func foo(
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, any Error> {
        let deadline = clock.now.advanced(by: delay)
        return Task {
            try await clock.sleep(until: deadline, tolerance: nil)
            bar(log: log)
        }
    }

    @MainActor
    static func bar(log: @Sendable (String) -> Void) {
        log("bar")
    }
}

// MARK: - A prompt that reads its count late (GooglyPuff)

nonisolated extension DelayedTask {
    /// GooglyPuff's hint: after the delay, on the main actor, show a prompt
    /// unless there are photos. The count is read when the delay is over, not
    /// when the task starts.
    @discardableResult
    public static func showOrHideNavPrompt(
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        photoCount: @escaping @MainActor @Sendable () -> Int,
        setPrompt: @escaping @MainActor @Sendable (String?) -> Void
    ) -> Task<Void, any Error> {
        let deadline = clock.now.advanced(by: delay)
        return Task { @MainActor in
            try await clock.sleep(until: deadline, tolerance: nil)
            let count = photoCount()
            if count > 0 {
                setPrompt(nil)
            } else {
                setPrompt("Add photos with faces to Googlyify them!")
            }
        }
    }
}
