import Foundation

/// Operations added to an `OperationQueue` run on the queue's threads, and the
/// caller goes on at once.
///
/// `addOperation` only hands the operation over: the queue calls `start()` on a
/// thread of its own, as soon as it likes, and runs the two operations at the
/// same time, in either order, whatever the word "queue" suggests. So never
/// call `start()` on an operation you have queued. The queue outlives the call
/// that filled it, which is why the classic example keeps it in a property;
/// whoever needs the operations' work done waits for the queue, and never on
/// the main thread.
/// `NSInvocationOperation` doesn't exist outside Apple platforms;
/// `BlockOperation` calls the entry method instead.
public final class OperationQueueAsync: Sendable {
    public let operationQueue = OperationQueue()

    public init() {}

    /// The classic pair: 111 and 222 go to the queue, and the caller
    /// logs `Main thread is here` without waiting for them.
    public func runTwoOperations(log: @escaping @Sendable (String) -> Void) {
        let firstOperation = BlockOperation {
            Self.firstOperationEntry(111, log: log)
        }
        let secondOperation = BlockOperation {
            Self.secondOperationEntry(222, log: log)
        }
        // Add operations to the queue. It starts them; we don't.
        operationQueue.addOperation(firstOperation)
        operationQueue.addOperation(secondOperation)
        log("Main thread is here")
    }

    static func firstOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) {
        log("firstOperationEntry - Parameter Object = \(paramObject)")
        log("firstOperationEntry - Done")
    }

    static func secondOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) {
        log("secondOperationEntry - Parameter Object = \(paramObject)")
        log("secondOperationEntry - Done")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension OperationQueueAsync {
    /// Runs the pair, then blocks until the queue is empty. Call it off the
    /// main thread: the operations never need the caller's thread, but a
    /// blocked main thread is a frozen app.
    public func runAndWait(log: @escaping @Sendable (String) -> Void) {
        runTwoOperations(log: log)
        operationQueue.waitUntilAllOperationsAreFinished()
    }

    /// The pair on a suspended queue, released after `Main thread is here`,
    /// so that line comes first; the two operations still run in either order.
    public func runGatedAndWait(log: @escaping @Sendable (String) -> Void) {
        operationQueue.isSuspended = true
        runTwoOperations(log: log)
        operationQueue.isSuspended = false
        operationQueue.waitUntilAllOperationsAreFinished()
    }
}
