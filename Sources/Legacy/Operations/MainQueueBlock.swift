import Foundation

/// One-off work posted to `OperationQueue.main` from anywhere: each block runs
/// later, once, on the main queue, in the order it was posted.
///
/// `OperationQueue.main` is a serial queue on top of the main dispatch queue,
/// so its blocks run one at a time, in the order they were added, and never
/// inline: posted from main, a block waits until the current main-queue work
/// returns. Someone must drain the main queue: the app's run loop,
/// `dispatchMain()`, or an async `main`; a Linux command-line tool that does
/// none of these never runs them. On Linux the main queue may be drained by a
/// thread that is not the main thread (after `dispatchMain()`, under Swift
/// Testing), so a block asserts the queue, never `Thread.isMainThread`.
public enum MainQueueBlock {
    /// Posts three UI updates; returns at once. `show` runs on the main queue.
    public static func postThree(show: @escaping @Sendable (String) -> Void) {
        for index in 1...3 {
            OperationQueue.main.addOperation {
                show("block \(index)")
            }
        }
    }
}

// MARK: - Calling off a block that has not run yet

extension MainQueueBlock {
    /// Posts one update as a `BlockOperation`, and returns it: cancelled before
    /// the main queue gets to it, the operation never runs its block.
    public static func postCancellable(
        show: @escaping @Sendable (String) -> Void
    ) -> Operation {
        let operation = BlockOperation { show("cancellable block") }
        OperationQueue.main.addOperation(operation)
        return operation
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension MainQueueBlock {
    /// Posts the three blocks, logs `posted`, and posts `completion` after
    /// them (FIFO: it runs once they have).
    public static func postThreeThenReturn(
        show: @escaping @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        postThree(show: show)
        log("posted")
        OperationQueue.main.addOperation(completion)
    }
}
