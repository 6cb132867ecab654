/// At most `limit` jobs at once: a task group with a sliding window.
///
/// Nothing waits on a thread. The first `limit` jobs start at once; after
/// that the loop suspends in `group.next()` until a job finishes, and only
/// then adds the next one. So jobs are admitted in the array's order, job k
/// only after k - limit + 1 others have finished, and a job that waits for its
/// turn is not even a task yet: the loop suspends rather than queueing or
/// dropping work. Cancelling the caller cancels the running jobs (they see
/// `Task.isCancelled`, and `Task.sleep` throws), and the check before
/// `addTask` starts no new one. The group has no state that outlives the
/// call, so a cancelled batch leaves nothing behind. A `DispatchSemaphore`
/// in a task would block one of the pool's few threads instead
/// (`semaphore-in-async-starvation`).
public nonisolated enum JobThrottle {
    /// Runs `body` once for each job, at most `limit` at a time, and returns
    /// when all have finished (or, once the caller is cancelled, when the
    /// running ones have).
    public static func forEach<Job: Sendable>(
        _ jobs: [Job],
        limit: Int,
        body: @escaping @Sendable (Job) async -> Void
    ) async {
        precondition(limit > 0, "at least one job must be able to run")
        await withTaskGroup(of: Void.self) { group in
            for (index, job) in jobs.enumerated() {
                // The window is full: wait for a job to finish.
                if index >= limit { await group.next() }
                if Task.isCancelled { break }
                group.addTask { await body(job) }
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

// Only the driver's gauge needs it; the pattern does not.
// swift-format-ignore: OrderedImports
import Synchronization

nonisolated extension JobThrottle {
    /// Twenty jobs that each take `work`, at most three at a time; returns
    /// the most that were ever running at once.
    public static func runJobs(
        _ count: Int = 20,
        limit: Int = 3,
        work: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let gauge = InFlightGauge()
        await forEach(Array(0..<count), limit: limit) { job in
            gauge.enter()
            try? await Task.sleep(for: work)
            log("Job \(job) done")
            gauge.leave()
        }
        return gauge.highWaterMark
    }

    /// Counts jobs in flight and remembers the highest count seen.
    ///
    /// `Atomic` is `~Copyable`, so it cannot be captured by an escaping
    /// closure; a `Sendable` class holding it can.
    nonisolated final class InFlightGauge: Sendable {
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
