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
    /// Eight jobs that each take `work`, logging when they start (with how
    /// many are running) and when they finish; `completion` gets the most that
    /// were ever running at once.
    ///
    /// The jobs wait for each other so that the lines come in one order on
    /// every run: a job starts after the job before it has started, and
    /// finishes once the job `maxConcurrentOperationCount - 1` places after it
    /// has started (the queue's limit is then reached) and the job before it
    /// has finished. Each milestone is a `DispatchGroup` entered once and left
    /// when it is reached.
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
        let started = (0..<count).map { _ in milestone() }
        let finished = (0..<count).map { _ in milestone() }
        limit.forEach(Array(0..<count)) { job in
            if job > 0 { wait(for: started[job - 1], "start \(job - 1)", log) }
            let running = gauge.enter()
            log("Job \(job) started, \(running) running")
            started[job].leave()
            Thread.sleep(forTimeInterval: work / .seconds(1))
            let fillsWindow = job + maxConcurrentOperationCount - 1
            if fillsWindow > job && fillsWindow < count {
                wait(for: started[fillsWindow], "start \(fillsWindow)", log)
            }
            if job > 0 {
                wait(for: finished[job - 1], "finish \(job - 1)", log)
            }
            log("Job \(job) finished")
            gauge.leave()
            finished[job].leave()
        } completion: {
            completion(gauge.highWaterMark)
        }
    }

    /// Waits for `milestone`, or gives up after 30 s and logs it, so that a
    /// limit that is never reached fails the run instead of hanging it.
    private static func wait(
        for milestone: DispatchGroup,
        _ name: String,
        _ log: @Sendable (String) -> Void
    ) {
        if milestone.wait(timeout: .now() + 30) == .timedOut {
            log("gave up waiting for \(name)")
        }
    }

    /// A milestone not reached yet: `leave()` reaches it, `wait()` waits.
    private static func milestone() -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        return group
    }

    /// Counts jobs in flight and remembers the highest count seen.
    ///
    /// `Atomic` is `~Copyable`, so it cannot be captured by an escaping
    /// closure; a `Sendable` class holding it can.
    final class InFlightGauge: Sendable {
        private let current = Atomic(0)
        private let highest = Atomic(0)

        /// Counts one more job in flight; returns how many are now.
        func enter() -> Int {
            let now = current.add(1, ordering: .relaxed).newValue
            highest.max(now, ordering: .relaxed)
            return now
        }

        func leave() {
            current.subtract(1, ordering: .relaxed)
        }

        var highWaterMark: Int { highest.load(ordering: .relaxed) }
    }
}
