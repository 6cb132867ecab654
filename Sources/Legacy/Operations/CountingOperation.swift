import Foundation

/// An `Operation` subclass that overrides only `main`: synchronous work,
/// packaged so that it can be started by hand or handed to a queue.
///
/// The base class does the bookkeeping. `start()` skips `main` if the operation
/// was cancelled before it began, calls `main` otherwise, and marks the
/// operation finished when `main` returns, so a synchronous subclass overrides
/// neither `isExecuting` nor `isFinished` and sends no KVO notifications (the
/// classic Objective-C version does all three, needlessly). Cancellation is a
/// flag: `main` checks `isCancelled` between steps, or `cancel()` changes
/// nothing once it is running. Subclasses restate `@unchecked Sendable`:
/// `Operation` declares it and locks its own state, and this one adds only
/// constants.
public final class CountingOperation: Operation, @unchecked Sendable {
    let startingCount: Int
    let endingCount: Int
    let log: @Sendable (String) -> Void

    /// The designated initializer (the classic example counts from 0 to 1,000).
    public init(
        startingCount: Int = 0,
        endingCount: Int = 1000,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.startingCount = startingCount
        self.endingCount = endingCount
        self.log = log
        super.init()
    }

    public override func main() {
        // Check for cancellation before every step: `cancel()` only sets the
        // flag.
        var counter = startingCount
        while counter < endingCount && !isCancelled {
            log("Count = \(counter)")
            counter += 1
        }
    }
}

// MARK: - Started by hand: the caller waits

extension CountingOperation {
    /// Started by hand: `start()` runs `main` on the calling thread, so
    /// `Main thread is here` comes after the last count.
    public static func runByHand(log: @escaping @Sendable (String) -> Void) {
        let simpleOperation = CountingOperation(
            startingCount: 0, endingCount: 1000, log: log)
        simpleOperation.start()
        log("Main thread is here")
    }
}

// MARK: - On a queue, with a completion block

extension CountingOperation {
    /// On a queue: the queue starts the operation on a thread of its own, and
    /// the completion block runs once it has finished (cancelled or not).
    /// Returns the operation, so that the caller can cancel it.
    @discardableResult
    public static func runOnQueue(
        _ queue: OperationQueue,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void = {}
    ) -> CountingOperation {
        let operation = CountingOperation(
            startingCount: 0, endingCount: 1000, log: log)
        operation.completionBlock = {
            log("completion")
            completion()
        }
        queue.addOperation(operation)
        return operation
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension CountingOperation {
    /// The queue form, with the operation cancelled while the queue is
    /// suspended, so before it starts: `main` never runs, yet the operation
    /// finishes and its completion block runs.
    public static func runCancelledBeforeStart(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let queue = OperationQueue()
        queue.isSuspended = true
        let operation = runOnQueue(queue, log: log, completion: completion)
        operation.cancel()
        queue.isSuspended = false
    }
}
