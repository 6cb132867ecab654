import Foundation

/// A queue of jobs that can be suspended and resumed: an `OperationQueue`
/// with `isSuspended`.
///
/// You have probably met this in SDWebImage's downloader (`setSuspended:`)
/// and in CocoaAsyncSocket's suspended dispatch sources. `isSuspended = true`
/// stops the queue from *starting* operations; one that is running goes on.
/// With `maxConcurrentOperationCount = 1` and equal priorities the queue runs
/// its operations FIFO, so after `isSuspended = false` everything that piled
/// up runs in the order it was added. Adding never blocks and never drops a
/// job: while suspended, or when jobs are slower than the callers, the backlog
/// just grows. A pending operation is cancelled with `cancel()` and then never
/// runs.
public final class PausableQueue: Sendable {
    private let queue = OperationQueue()

    public init(suspended: Bool = false) {
        queue.maxConcurrentOperationCount = 1  // one at a time, FIFO
        queue.isSuspended = suspended
    }
}

// MARK: - Jobs in, and suspend/resume

extension PausableQueue {
    /// Adds a job; it starts when the queue is not suspended and every job
    /// added before it has finished.
    @discardableResult
    public func add(_ job: @escaping @Sendable () -> Void) -> Operation {
        let operation = BlockOperation(block: job)
        queue.addOperation(operation)
        return operation
    }

    /// Stops new jobs from starting; a running job goes on.
    public func suspend() { queue.isSuspended = true }

    /// Lets the pending jobs start, in the order they were added.
    public func resume() { queue.isSuspended = false }

    /// Blocks until every job added so far has finished (or was cancelled).
    public func waitUntilFinished() {
        queue.waitUntilAllOperationsAreFinished()
    }

    /// How many jobs are pending or running.
    public var count: Int { queue.operationCount }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PausableQueue {
    /// Suspends the queue, adds three jobs, waits three `interval`s, then
    /// resumes and waits for the jobs.
    public static func runDemo(
        interval: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let queue = PausableQueue()
        queue.suspend()
        log("suspended")
        let started = StartCount()
        for id in 1...3 {
            queue.add {
                started.increment()
                log("job \(id) started")
                log("job \(id) finished")
            }
            log("added job \(id)")
        }
        let (seconds, attoseconds) = (interval * 3).components
        Thread.sleep(
            forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        log("started while suspended: \(started.value)")
        log("resumed")
        queue.resume()
        queue.waitUntilFinished()
    }

    /// `@unchecked Sendable`: `count` is only touched while holding `lock`.
    final class StartCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
