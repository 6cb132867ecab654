import Foundation
import Synchronization

/// Eight tasks that block their thread: only as many run at once as the pool
/// has threads.
///
/// The cooperative pool has one thread per core (on Linux the runtime's queue
/// is as wide as the logical CPU count) and never adds one. A task that calls
/// `usleep`, a synchronous read or `DispatchGroup.wait` keeps its thread until
/// the call returns, so blocking tasks take turns: throughput is capped at
/// cores ÷ block time, and every other task in the process waits too. Waiting
/// should suspend (`Task.sleep`); blocking work that can't be avoided belongs
/// on a thread of its own, awaited through a continuation.
public nonisolated enum BlockingJobs {
    /// Runs `work` for jobs 0..<count as child tasks; returns the results in
    /// job order.
    public static func run(
        _ count: Int = 8,
        work: @escaping @Sendable (Int) async -> Int
    ) async -> [Int] {
        await withTaskGroup(of: (Int, Int).self) { group in
            for job in 0..<count {
                group.addTask { (job, await work(job)) }
            }
            var results = Array(repeating: 0, count: count)
            for await (job, result) in group { results[job] = result }
            return results
        }
    }

    /// The bug, called from a task: a blocking call holds a pool thread.
    public static func blockingJob(_ job: Int, block: Duration) -> Int {
        usleep(UInt32(block / .microseconds(1)))
        return job * job
    }
}

// MARK: - Waiting: suspend instead

nonisolated extension BlockingJobs {
    /// A job that waits by suspending: its thread runs other tasks meanwhile.
    public static func waitingJob(_ job: Int, wait: Duration) async -> Int {
        try? await Task.sleep(for: wait)
        return job * job
    }
}

// MARK: - Truly blocking work: a thread of its own

nonisolated extension BlockingJobs {
    /// Runs blocking `body` on a new thread and suspends until it returns, so
    /// the pool's thread is free meanwhile. For many such calls, keep a few
    /// threads for them instead of one each (`worker-thread-pool`).
    public static func onItsOwnThread<T: Sendable>(
        _ body: @escaping @Sendable () -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// The blocking job, moved off the pool.
    public static func offloadedJob(_ job: Int, block: Duration) async -> Int {
        await onItsOwnThread { blockingJob(job, block: block) }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension BlockingJobs {
    /// The three kinds of job the page runs.
    public nonisolated enum Variant: Sendable {
        case blocking, suspending, ownThread
    }

    /// Eight jobs of one kind; returns the results and the most that were
    /// ever running at once.
    public static func runJobs(
        _ variant: Variant,
        count: Int = 8,
        block: Duration
    ) async -> (results: [Int], maxInFlight: Int) {
        let gauge = InFlightGauge()
        let results = await run(count) { job in
            gauge.enter()
            defer { gauge.leave() }
            switch variant {
            case .blocking: return blockingJob(job, block: block)
            case .suspending: return await waitingJob(job, wait: block)
            case .ownThread: return await offloadedJob(job, block: block)
            }
        }
        return (results, gauge.highWaterMark)
    }

    /// Counts jobs in flight and remembers the highest count seen.
    nonisolated final class InFlightGauge: Sendable {
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
