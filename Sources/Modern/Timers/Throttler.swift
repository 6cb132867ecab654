/// Runs an action at once if idle, else the latest argument when the interval
/// ends: an actor and one sleeping task, never cancelled and replaced.
///
/// An actor owns the latest argument, the time of the last run and at most
/// ONE sleeping task. A call while that task sleeps only replaces the
/// argument; the task is never cancelled and restarted (that would be a
/// debounce), so a steady stream of calls still runs once per interval. The
/// clock is injected: tests drive it by hand. The interval counts from the end
/// of the previous run. `cancel()` wakes the sleeping task with
/// `CancellationError`, and it ends without running anything.
public actor Throttler<Argument: Sendable, C: Clock>
where C.Duration == Duration {
    private let interval: Duration
    private let clock: C
    private let action: @Sendable (Argument) -> Void

    private var latest: Argument?
    private var lastRun: C.Instant?
    private var sleeper: Task<Void, Never>?

    /// `action` runs on the actor, at most once per `interval` of `clock`.
    public init(
        interval: Duration, clock: C,
        action: @escaping @Sendable (Argument) -> Void
    ) {
        self.interval = interval
        self.clock = clock
        self.action = action
    }

    deinit {
        sleeper?.cancel()
    }

    /// Runs `argument` now if idle; else it replaces the pending argument.
    public func call(_ argument: Argument) {
        latest = argument
        guard sleeper == nil else { return }  // the sleeping task runs it
        guard let lastRun, clock.now < lastRun.advanced(by: interval) else {
            runLatest()
            return
        }
        let due = lastRun.advanced(by: interval)
        sleeper = Task { [weak self, clock] in
            do {
                try await clock.sleep(until: due, tolerance: nil)
            } catch {
                return  // cancelled: nothing runs
            }
            await self?.sleeperWoke()
        }
    }
}

// MARK: - Cancelling, and the run: the actor owns the state

extension Throttler {
    /// Drops the pending argument, if any; a later call runs as usual.
    public func cancel() {
        sleeper?.cancel()
        sleeper = nil
        latest = nil
    }

    /// Whether a task is sleeping until the interval ends.
    public var isArmed: Bool { sleeper != nil }

    private func sleeperWoke() {
        // Cancelled after its sleep ended: `cancel()` already cleared it.
        guard !Task.isCancelled else { return }
        sleeper = nil
        runLatest()
    }

    private func runLatest() {
        guard let argument = latest else { return }
        latest = nil
        action(argument)
        lastRun = clock.now
    }
}

extension Throttler where C == ContinuousClock {
    /// A throttler on the continuous clock.
    public init(
        interval: Duration, action: @escaping @Sendable (Argument) -> Void
    ) {
        self.init(interval: interval, clock: ContinuousClock(), action: action)
    }
}
