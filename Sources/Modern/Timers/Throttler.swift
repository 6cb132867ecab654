import Synchronization

/// Runs an action on the main actor at once if idle, else the latest argument
/// when the interval ends: a lock that orders the calls, and one task that
/// runs them.
///
/// `call` is synchronous and callable from any thread, like the legacy
/// `call`: a progress handler, a delegate callback or a UIKit action calls it
/// directly, and the order of the calls is the order in which they took the
/// lock. An actor method would need `await`, and a synchronous caller would
/// have to wrap each call in a `Task` of its own, which can reach the actor
/// in any order, so the last call might not be the last one run. The lock
/// also keeps the calls off the main actor: only the runs go there. An idle
/// throttler starts a task on the main actor that runs the argument at once,
/// then sleeps for the interval; a call while that task sleeps only replaces
/// the latest argument, and the task runs the newest one when it wakes, then
/// sleeps again, or ends if nothing came. The task is never cancelled and
/// restarted by a call (that would be a debounce), so a steady stream of
/// calls still runs once per interval. The interval counts from the end of
/// the previous run. The clock is injected: tests drive it by hand.
public nonisolated final class Throttler<
    Argument: Sendable, C: Clock<Duration>
>: Sendable {
    private struct State {
        var latest: Argument?
        var worker: Task<Void, Never>?
    }

    private let interval: Duration
    private let clock: C
    private let action: @MainActor @Sendable (Argument) -> Void
    private let state = Mutex(State())

    /// `action` runs on the main actor, at most once per `interval` of
    /// `clock`.
    public init(
        interval: Duration, clock: C,
        action: @escaping @MainActor @Sendable (Argument) -> Void
    ) {
        self.interval = interval
        self.clock = clock
        self.action = action
    }

    deinit {
        state.withLock { $0.worker?.cancel() }
    }

    /// Runs `argument` now if idle; else it replaces the pending argument.
    public func call(_ argument: Argument) {
        state.withLock { state in
            guard state.worker == nil else {
                state.latest = argument  // the task runs the newest one
                return
            }
            state.worker = runTask(first: argument)
        }
    }

    /// Runs `first`, then, an interval after each run, the newest argument
    /// that came meanwhile; ends when none came, or when cancelled.
    private func runTask(first: Argument) -> Task<Void, Never> {
        let (interval, clock, action) = (interval, clock, action)
        return Task { @MainActor [weak self] in
            var argument = first
            while true {
                guard !Task.isCancelled else { return }  // released first
                action(argument)
                let due = clock.now.advanced(by: interval)
                do {
                    try await clock.sleep(until: due, tolerance: nil)
                } catch {
                    return  // cancelled by `deinit`
                }
                guard let next = self?.takeLatest() else { return }
                argument = next
            }
        }
    }
}

// MARK: - Cancelling, and the run: the lock owns the state

nonisolated extension Throttler {
    /// Drops the pending argument, if any; a later call runs as usual. The
    /// task sleeps out its interval and then finds nothing to run, so a call
    /// that comes meanwhile still waits for the interval's end.
    public func cancel() {
        state.withLock { $0.latest = nil }
    }

    /// Whether a task is running or sleeping out the interval.
    public var isArmed: Bool { state.withLock { $0.worker != nil } }

    /// The argument to run next; `nil`, leaving the throttler idle, when
    /// none came.
    private func takeLatest() -> Argument? {
        state.withLock { state in
            guard let latest = state.latest else {
                state.worker = nil
                return nil
            }
            state.latest = nil
            return latest
        }
    }
}

nonisolated extension Throttler where C == ContinuousClock {
    /// A throttler on the continuous clock.
    public convenience init(
        interval: Duration,
        action: @escaping @MainActor @Sendable (Argument) -> Void
    ) {
        self.init(interval: interval, clock: ContinuousClock(), action: action)
    }
}
