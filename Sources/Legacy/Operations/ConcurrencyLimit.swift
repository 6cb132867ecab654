import Foundation
import Synchronization

/// At most k operations at once: an `OperationQueue` with
/// `maxConcurrentOperationCount`.
///
/// The queue starts its operations in the order they were added and keeps at
/// most `maxConcurrentOperationCount` of them running; set it to 1 and the
/// queue is serial (a classic line reader keeps such a queue in a property).
/// Without the limit, the queue picks how many run at once. A serial queue is
/// FIFO only while nothing else decides: a higher `queuePriority`, or a
/// dependency that isn't finished, lets a later operation go first. The
/// completion is one more operation that depends on all the others.
public final class ConcurrencyLimit: Sendable {
    let operationQueue = OperationQueue()

    public init(maxConcurrentOperationCount: Int) {
        operationQueue.maxConcurrentOperationCount =
            maxConcurrentOperationCount
    }

    /// Runs `body` once for each job, at most `maxConcurrentOperationCount` at
    /// a time, then calls `completion` on one of the queue's threads.
    public func forEach<Job: Sendable>(
        _ jobs: [Job],
        body: @escaping @Sendable (Job) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let operations = jobs.map { job in BlockOperation { body(job) } }
        let done = BlockOperation(block: completion)
        for operation in operations { done.addDependency(operation) }
        operationQueue.addOperations(
            operations + [done], waitUntilFinished: false)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ConcurrencyLimit {
    /// Eight jobs that each take `work`, logging when they start and finish;
    /// `completion` gets the most that were ever running at once.
    public static func runJobs(
        _ count: Int = 8,
        maxConcurrentOperationCount: Int,
        work: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (_ maxInFlight: Int) -> Void
    ) {
        let limit = ConcurrencyLimit(
            maxConcurrentOperationCount: maxConcurrentOperationCount)
        let gauge = InFlightGauge()
        limit.forEach(Array(0..<count)) { job in
            gauge.enter()
            log("Job \(job) started")
            Thread.sleep(forTimeInterval: work / .seconds(1))
            log("Job \(job) finished")
            gauge.leave()
        } completion: {
            completion(gauge.highWaterMark)
        }
    }

    /// Counts jobs in flight and remembers the highest count seen.
    ///
    /// `Atomic` is `~Copyable`, so it cannot be captured by an escaping
    /// closure; a `Sendable` class holding it can.
    final class InFlightGauge: Sendable {
        private let current = Atomic(0)
        private let highest = Atomic(0)

        func enter() {
            let now = current.add(1, ordering: .relaxed).newValue
            highest.max(now, ordering: .relaxed)
        }

        func leave() {
            current.subtract(1, ordering: .relaxed)
        }

        var highWaterMark: Int { highest.load(ordering: .relaxed) }
    }
}
