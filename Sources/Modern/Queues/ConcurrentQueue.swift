/// Independent jobs as the child tasks of a task group: they run at once,
/// finish in any order.
///
/// A task group is the structured form of "a concurrent queue plus a
/// `DispatchGroup`": each `addTask` starts a child that may run in parallel
/// with the others, and the group does not return until every child has
/// finished, so there is nothing to `notify`. How many children run at once is
/// up to the cooperative pool (as wide as the core count). Children have no
/// start order, where a concurrent queue started its blocks in submission
/// order.
public nonisolated enum ConcurrentQueue {
    /// Runs `count` independent jobs as child tasks and returns once all of
    /// them have finished. The "Job N finished" lines arrive in any order.
    public static func runJobs(
        count: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for job in 0..<count {
                group.addTask {
                    log("Job \(job) finished")
                }
            }
        }
    }
}

// MARK: - Or `withDiscardingTaskGroup`, for many jobs

nonisolated extension ConcurrentQueue {
    /// The same jobs in a discarding group: it frees each child as soon as it
    /// has finished, where `withTaskGroup` keeps every finished child until
    /// the group ends (or `next()` takes it). For thousands of jobs that
    /// return nothing, this is the form to use.
    public static func runJobsDiscarding(
        count: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        await withDiscardingTaskGroup { group in
            for job in 0..<count {
                group.addTask {
                    log("Job \(job) finished")
                }
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

// Only the driver's signal needs it; the pattern does not.
// swift-format-ignore: OrderedImports
import Synchronization

nonisolated extension ConcurrentQueue {
    /// Proves that two child tasks really overlap: job A awaits a signal that
    /// only job B sends, and gives up after `timeout`. Returns `true` when the
    /// signal came.
    ///
    /// Job A *suspends* on a continuation instead of blocking its thread on a
    /// semaphore: with a pool as wide as the core count, a blocked thread may
    /// be the one B needed.
    public static func rendezvous(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async -> Bool {
        let signalFromB = OverlapSignal()
        return await withTaskGroup(of: Bool?.self) { group in
            group.addTask {  // job A
                let met = await signalFromB.wait(timeout: timeout)
                log(
                    met
                        ? "job A: got the signal while still in progress"
                        : "job A: timed out")
                return met
            }
            group.addTask {  // job B
                log("job B: sending the signal")
                signalFromB.send()
                return nil
            }
            var met = false
            for await result in group {
                if let result { met = result }
            }
            return met
        }
    }
}

/// A one-shot signal that one task sends and another awaits, with a timeout.
///
/// The waiter parks a continuation; `send()` or the timeout resumes it,
/// whichever comes first, and the `Mutex` makes sure it is resumed exactly
/// once. A send that arrives before the wait is remembered.
nonisolated final class OverlapSignal: Sendable {
    private typealias Waiter = CheckedContinuation<Bool, Never>

    private struct State {
        var outcome: Bool?
        var waiter: Waiter?
    }

    private let state = Mutex(State())

    /// Delivers the signal (the waiter sees `true`).
    func send() { settle(true) }

    /// Waits for the signal; `false` if `timeout` passes first.
    func wait(timeout: Duration) async -> Bool {
        await withTaskGroup(of: Void.self) { timer in
            timer.addTask {
                // Cancelled (and so cut short) as soon as the signal has
                // arrived.
                try? await Task.sleep(for: timeout)
                self.settle(false)
            }
            let outcome = await withCheckedContinuation { waiter in
                let known = state.withLock { state in
                    if state.outcome == nil { state.waiter = waiter }
                    return state.outcome
                }
                if let known { waiter.resume(returning: known) }
            }
            timer.cancelAll()
            return outcome
        }
    }

    private func settle(_ outcome: Bool) {
        let waiter = state.withLock { state -> Waiter? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }
}
