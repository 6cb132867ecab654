import Foundation
import Synchronization

/// At most `limit` jobs at once: a counting semaphore taken around each job.
///
/// Every job is dispatched at once to a global queue, and each block first
/// takes one of `limit` permits, runs its job, and gives the permit back; a
/// group says when all are done. A block that waits for a permit holds its
/// thread while it waits. The semaphore promises no order among its waiters,
/// donates no priority to the job holding a permit, and has no way to call the
/// batch off: once dispatched, every block runs.
public final class JobThrottle: Sendable {
    let permits: DispatchSemaphore
    let queue = DispatchQueue.global()

    public init(limit: Int) {
        permits = DispatchSemaphore(value: limit)
    }

    /// Runs `body` once for each job, at most `limit` at a time, then calls
    /// `completion` on a global queue.
    public func forEach<Job: Sendable>(
        _ jobs: [Job],
        body: @escaping @Sendable (Job) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        for job in jobs {
            queue.async(group: group) { [permits] in
                permits.wait()
                defer { permits.signal() }
                body(job)
            }
        }
        group.notify(queue: queue, execute: completion)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension JobThrottle {
    /// Twenty jobs that each take `work`, at most three at a time;
    /// `completion` gets the most that were ever running at once.
    public static func runJobs(
        _ count: Int = 20,
        limit: Int = 3,
        work: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (_ maxInFlight: Int) -> Void
    ) {
        let gauge = InFlightGauge()
        JobThrottle(limit: limit).forEach(Array(0..<count)) { job in
            gauge.enter()
            Thread.sleep(forTimeInterval: work / .seconds(1))
            log("Job \(job) done")
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
