import Foundation

/// An `Operation` whose work ends later, in a callback: it overrides `start`
/// and says itself when it is executing and when it has finished.
///
/// The base class marks an operation finished when `main` returns, which is
/// too early for work that completes in a callback. So this one keeps its own
/// `isExecuting` and `isFinished` and announces every change with
/// `willChangeValue(forKey:)` / `didChangeValue(forKey:)` for the keys
/// `"isExecuting"` and `"isFinished"`. On Apple platforms those calls are the
/// KVO notifications that the queue observes, so the properties must be
/// KVO-compliant: change them only between the two calls. On Linux
/// (swift-corelibs-foundation) there is no KVO: `didChangeValue(forKey:)` is
/// the queue's only signal, and without it the queue, `waitUntilFinished()`
/// and the dependents never learn that the operation is done. The same code
/// serves both. `isAsynchronous` is `true`: queues ignore it, but it tells
/// whoever calls `start()` by hand that the work isn't done when it returns.
/// A cancelled operation must still finish, and `finish()` lets only its first
/// caller through, because a cancel and the callback can arrive together.
public final class AsyncOperation: Operation, @unchecked Sendable {
    // `@unchecked Sendable`: `executing`, `finished` and `finishClaimed` are
    // only read and written holding `lock`; `work` is a constant.
    private let lock = NSLock()
    private var executing = false
    private var finished = false
    private var finishClaimed = false
    private let work: @Sendable (AsyncOperation) -> Void

    /// `work` starts the asynchronous work and calls `finish()` on the
    /// operation it is given once the callback has come.
    public init(work: @escaping @Sendable (AsyncOperation) -> Void) {
        self.work = work
        super.init()
    }

    public override var isAsynchronous: Bool { true }
    public override var isExecuting: Bool { lock.withLock { executing } }
    public override var isFinished: Bool { lock.withLock { finished } }

    public override func start() {
        // Cancelled before it started: skip the work, but still finish.
        if isCancelled {
            finish()
            return
        }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { executing = true }
        didChangeValue(forKey: "isExecuting")
        work(self)
    }

    /// Cancelled while it waits for its callback: finish now, so that the
    /// queue and the dependents don't wait for a callback that may never come.
    public override func cancel() {
        super.cancel()
        if isExecuting { finish() }
    }
}

// MARK: - Finishing exactly once

extension AsyncOperation {
    /// Marks the operation finished. Only the first call does it and returns
    /// `true`; a later one (the callback after a cancel) does nothing.
    @discardableResult
    public func finish() -> Bool {
        let first = lock.withLock {
            defer { finishClaimed = true }
            return !finishClaimed
        }
        guard first else { return false }
        let wasExecuting = isExecuting
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        lock.withLock {
            executing = false
            finished = true
        }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
        return true
    }
}

// MARK: - `SimpleOperation`, asynchronous, on a queue

extension AsyncOperation {
    /// A callback API: it answers `paramObject` later, on another thread.
    public typealias CallbackAPI =
        @Sendable (
            _ paramObject: Int,
            _ completion: @escaping @Sendable (Int) -> Void
        ) -> Void

    /// The classic `SimpleOperation`, with work that ends in a
    /// callback: it logs `main`, asks `request`, logs the answer and finishes.
    public static func simpleOperation(
        _ paramObject: Int,
        request: @escaping CallbackAPI,
        log: @escaping @Sendable (String) -> Void
    ) -> AsyncOperation {
        AsyncOperation { operation in
            log("Operation \(paramObject) - main")
            request(paramObject) { answer in
                let name = "Operation \(paramObject)"
                if !operation.isCancelled {
                    log("\(name) - Parameter Object = \(answer)")
                }
                operation.finish()
            }
        }
    }

    /// The classic pair, 111 and 222, plus an operation that depends on both.
    /// Wire dependencies before enqueueing: swift-corelibs-foundation can miss
    /// one added to an operation that is already finishing.
    public static func runPair(
        on queue: OperationQueue,
        request: @escaping CallbackAPI,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let first = simpleOperation(111, request: request, log: log)
        let second = simpleOperation(222, request: request, log: log)
        let both = BlockOperation {
            log("Both finished")
            completion()
        }
        both.addDependency(first)
        both.addDependency(second)
        queue.addOperations([first, second, both], waitUntilFinished: false)
        log("Main thread is here")
    }

    /// A fake callback API: answers `paramObject` after `latency`, on a
    /// global queue.
    public static func echo(after latency: Duration) -> CallbackAPI {
        let seconds = latency / .seconds(1)
        return { paramObject, completion in
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                completion(paramObject)
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension AsyncOperation {
    /// Cancelled before the queue starts it: the work never runs, yet the
    /// operation finishes and its dependent runs.
    public static func runCancelledBeforeStart(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let queue = OperationQueue()
        let operation = simpleOperation(
            111, request: echo(after: .zero), log: log)
        let after = BlockOperation {
            log("Operation 111 - finished, cancelled: \(operation.isCancelled)")
            completion()
        }
        after.addDependency(operation)
        operation.cancel()
        queue.addOperations([operation, after], waitUntilFinished: false)
    }

    /// Cancelled while it waits for a callback that never comes: `cancel()`
    /// finishes it, so its dependent runs. Blocks until then.
    public static func runCancelledWhileWaiting(
        log: @escaping @Sendable (String) -> Void
    ) {
        let requested = DispatchSemaphore(value: 0)
        let operation = simpleOperation(
            111, request: { _, _ in requested.signal() }, log: log)
        let after = BlockOperation {
            log("Operation 111 - finished, cancelled: \(operation.isCancelled)")
        }
        after.addDependency(operation)
        let queue = OperationQueue()
        queue.addOperations([operation, after], waitUntilFinished: false)
        requested.wait()
        operation.cancel()
        after.waitUntilFinished()
    }
}
