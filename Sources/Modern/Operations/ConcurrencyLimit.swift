/// At most k jobs at once: a task group with a sliding window.
///
/// Tasks have no concurrency knob, so the limit lives in the loop that adds
/// them: the first `limit` jobs start at once, and every later job is added
/// only when `group.next()` says one has finished. Jobs are added in order and
/// at most `limit` run at a time; with a limit of 1, each starts only after the
/// one before it has finished, which is a serial queue. The group returns when
/// the last job has, so the completion is the code after the `await`.
/// Cancelling the caller's task cancels the running jobs, and the check before
/// `addTask` starts no new one. A semaphore in a task is the wrong tool for
/// this: it blocks one of the pool's few threads while it waits
/// (`semaphore-throttle`).
public nonisolated enum ConcurrencyLimit {
    /// Runs `body` once for each job, at most `limit` at a time, and returns
    /// when all have finished.
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

nonisolated extension ConcurrencyLimit {
    /// Eight jobs that each take `work`, logging when they start (with how
    /// many are running) and when they finish; returns the most that were ever
    /// running at once.
    ///
    /// The jobs wait for each other so that the lines come in one order on
    /// every run: a job starts after the job before it has started, and
    /// finishes once the job `limit - 1` places after it has started (the
    /// window is then full) and the job before it has finished.
    public static func runJobs(
        _ count: Int = 8,
        limit: Int,
        work: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let gauge = InFlightGauge()
        let milestones = Milestones()
        await forEach(Array(0..<count), limit: limit) { job in
            if job > 0 {
                await milestones.wait(for: .started(job - 1), log: log)
            }
            let running = gauge.enter()
            log("Job \(job) started, \(running) running")
            await milestones.reach(.started(job))
            try? await Task.sleep(for: work)
            let fillsWindow = job + limit - 1
            if fillsWindow > job && fillsWindow < count {
                await milestones.wait(for: .started(fillsWindow), log: log)
            }
            if job > 0 {
                await milestones.wait(for: .finished(job - 1), log: log)
            }
            log("Job \(job) finished")
            gauge.leave()
            await milestones.reach(.finished(job))
        }
        return gauge.highWaterMark
    }

    /// The jobs' starts and finishes, which other jobs wait for.
    actor Milestones {
        nonisolated enum Event: Hashable {
            case started(Int), finished(Int)
        }

        private var reached: Set<Event> = []
        private var waiting: [Event: [CheckedContinuation<Bool, Never>]] = [:]

        func reach(_ event: Event) {
            reached.insert(event)
            for waiter in waiting.removeValue(forKey: event) ?? [] {
                waiter.resume(returning: true)
            }
        }

        /// Waits until `event` is reached, or gives up after 30 s and logs it,
        /// so that a window that never fills fails the run instead of hanging.
        func wait(
            for event: Event,
            log: @escaping @Sendable (String) -> Void
        ) async {
            guard !reached.contains(event) else { return }
            let expiry = Task {
                guard (try? await Task.sleep(for: .seconds(30))) != nil else {
                    return
                }
                expire(event)
            }
            defer { expiry.cancel() }
            let reached = await withCheckedContinuation { waiter in
                waiting[event, default: []].append(waiter)
            }
            if !reached { log("gave up waiting for \(event)") }
        }

        private func expire(_ event: Event) {
            for waiter in waiting.removeValue(forKey: event) ?? [] {
                waiter.resume(returning: false)
            }
        }
    }

    /// Counts jobs in flight and remembers the highest count seen.
    ///
    /// `Atomic` is `~Copyable`, so it cannot be captured by an escaping
    /// closure; a `Sendable` class holding it can.
    nonisolated final class InFlightGauge: Sendable {
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
