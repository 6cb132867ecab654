import Foundation

/// `sync` on a global queue: the caller waits for the block, so two calls run
/// one after the other.
///
/// `DispatchQueue.global().sync` does not return until its block has finished,
/// whatever kind of queue it targets, so the second count starts only after the
/// first has ended. As an optimisation GCD usually runs a `sync` block on the
/// calling thread: the queue is borrowed, not the thread. Call this from a
/// background thread, never from code that must stay responsive.
public enum SyncCounter {
    /// The classic `printFrom1To1000` block.
    static func printFrom1To1000(log: @Sendable (String) -> Void) {
        for counter in 1...1000 {
            log("Counter = \(counter)")
        }
    }

    /// Counts to 1,000 twice, each time synchronously on the default global
    /// queue.
    public static func countTwice(log: @escaping @Sendable (String) -> Void) {
        let concurrentQueue = DispatchQueue.global()
        concurrentQueue.sync { printFrom1To1000(log: log) }
        concurrentQueue.sync { printFrom1To1000(log: log) }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SyncCounter {
    /// Whether a `sync` block on the default global queue ran on the thread
    /// that called `sync`.
    public static func syncRunsOnCallingThread() -> Bool {
        let caller = Thread.current
        return DispatchQueue.global().sync { Thread.current === caller }
    }
}
