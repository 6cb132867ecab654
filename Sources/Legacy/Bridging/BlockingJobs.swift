import Foundation
import Synchronization

/// Eight jobs that block their thread, dispatched to a global queue.
///
/// A block that calls `usleep` (or reads a file, or waits for a synchronous
/// request) keeps its worker thread for as long as it blocks. On Darwin GCD
/// answers by starting more threads, so all eight overlap, at the price of a
/// thread each: hundreds of blocking blocks become hundreds of threads (the
/// thread explosion). Linux's libdispatch starts one thread per core and,
/// while all of them are blocked, adds one only about once a second, so there
/// short blocking jobs take turns, as they do in tasks.
public enum BlockingJobs {
    /// Runs `work` for jobs 0..<count on a global queue; `completion` gets
    /// the results in job order.
    public static func run(
        _ count: Int = 8,
        work: @escaping @Sendable (Int) -> Int,
        completion: @escaping @Sendable ([Int]) -> Void
    ) {
        let results = Results(count: count)
        let group = DispatchGroup()
        for job in 0..<count {
            DispatchQueue.global().async(group: group) {
                results.set(job, work(job))
            }
        }
        group.notify(queue: .global()) { completion(results.all) }
    }

    /// One job: a blocking call (`usleep`, standing for a synchronous read or
    /// request), then its result.
    public static func blockingJob(_ job: Int, block: Duration) -> Int {
        usleep(UInt32(block / .microseconds(1)))
        return job * job
    }

    /// The results, by job.
    final class Results: @unchecked Sendable {
        // `@unchecked Sendable`: `values` is only touched while holding
        // `lock`.
        private let lock = NSLock()
        private var values: [Int]

        init(count: Int) { values = Array(repeating: 0, count: count) }

        func set(_ job: Int, _ value: Int) {
            lock.withLock { values[job] = value }
        }

        var all: [Int] { lock.withLock { values } }
    }
}

// MARK: - Waiting: suspend instead

// GCD's way to wait without holding a thread is to schedule the rest of the
// job for later with `asyncAfter` (`delayed-task`); a blocked worker is what
// the code above has instead.

// MARK: - Truly blocking work: a thread of its own

// GCD code gives blocking work threads of its own with a serial queue per
// blocking resource or a `Thread`: both get a thread at once, on Linux too.

// MARK: - Driver (the page's output; not part of the pattern)

extension BlockingJobs {
    /// Eight blocking jobs; `completion` gets the results and the most that
    /// were ever running at once.
    public static func runJobs(
        _ count: Int = 8,
        block: Duration,
        completion:
            @escaping @Sendable (_ results: [Int], _ maxInFlight: Int)
            -> Void
    ) {
        let gauge = InFlightGauge()
        run(count) { job in
            gauge.enter()
            defer { gauge.leave() }
            return blockingJob(job, block: block)
        } completion: { results in
            completion(results, gauge.highWaterMark)
        }
    }

    /// Counts jobs in flight and remembers the highest count seen.
    final class InFlightGauge: Sendable {
        private let current = Atomic(0)
        private let highest = Atomic(0)

        func enter() {
            let now = current.add(1, ordering: .relaxed).newValue
            highest.max(now, ordering: .relaxed)
        }

        func leave() { current.subtract(1, ordering: .relaxed) }

        var highWaterMark: Int { highest.load(ordering: .relaxed) }
    }
}
