import Foundation

/// Runs a block once, after a delay, with `asyncAfter`.
///
/// `asyncAfter` takes an absolute `DispatchTime` (now + delay), hands the block
/// to the queue when that time comes, and returns at once, so nobody blocks
/// while waiting. The delay is a minimum: the block runs when the queue gets to
/// it. Once submitted, the block can't be called off (see `CancellableDelay`).
public enum DelayedTask {
    /// The classic `performSelector:withObject:afterDelay:` (3 s): selectors
    /// don't exist on Linux, and `asyncAfter` on the main queue does the same
    /// job.
    public static func printString(
        _ string: String = "Grand Central Dispatch",
        after delay: Duration,
        log: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay / .seconds(1)) {
            log(string)
        }
    }

    /// The classic `dispatch_after_f` example (2 s on a global queue). The `_f`
    /// variant with a C function and a NULL context isn't available in Swift;
    /// the closure calls the function.
    public static func processSomething(
        after delay: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let concurrentQueue = DispatchQueue.global()
        concurrentQueue.asyncAfter(deadline: .now() + delay / .seconds(1)) {
            processSomething(log: log)
        }
    }

    static func processSomething(log: @Sendable (String) -> Void) {
        log("Processing…")
    }
}

// MARK: - `foo` calls `bar` later

extension DelayedTask {
    /// `foo` calls `bar` on the main queue 2 s later.
    public static func foo(
        after delay: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay / .seconds(1)) {
            bar(log: log)
        }
    }

    static func bar(log: @Sendable (String) -> Void) {
        log("bar")
    }
}

// MARK: - A prompt that reads its count late (GooglyPuff)

extension DelayedTask {
    /// GooglyPuff's hint: one second later, on the main queue, show a
    /// prompt unless there are photos. The count is read when the block runs,
    /// not when it is scheduled.
    public static func showOrHideNavPrompt(
        after delay: Duration,
        photoCount: @escaping @Sendable () -> Int,
        setPrompt: @escaping @Sendable (String?) -> Void
    ) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay / .seconds(1)) {
            let count = photoCount()
            if count > 0 {
                setPrompt(nil)
            } else {
                setPrompt("Add photos with faces to Googlyify them!")
            }
        }
    }
}
