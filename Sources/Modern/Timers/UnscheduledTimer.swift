/// A timer configured now whose task is created only by `start()`.
///
/// Nothing runs until `start()`: the initializer stores the interval and clock,
/// and `start()` creates the one task that paints, so its deadlines count from
/// the start, not from creation. The task is one loop: sleep until the next
/// deadline, check for cancellation, paint, and after a stall skip to the next
/// deadline still ahead. There is no run loop to add it to and none to keep
/// alive. Stopping cancels the task.
@MainActor
public final class UnscheduledTimer {
    /// Called after each paint, with the number of paints so far.
    public var onPaint: ((Int) -> Void)?

    private let interval: Duration
    private let clock: any Clock<Duration>
    private let log: @Sendable (String) -> Void
    private var paintingTask: Task<Void, Never>?
    private var paints = 0

    /// Configures the ticker; nothing runs yet.
    public init(
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.interval = interval
        self.clock = clock
        self.log = log
    }

    private func paint() {
        log("Painting")
        paints += 1
        onPaint?(paints)
    }
}

// MARK: - Starting and stopping

extension UnscheduledTimer {
    /// Creates the task that paints every interval, unless already started.
    public func start() {
        // A second task would orphan the first, still painting.
        guard paintingTask == nil else { return }
        let (interval, clock) = (interval, clock)
        paintingTask = Task { [weak self] in
            await Self.repeating(every: interval, clock: clock) {
                guard let self else { return false }
                self.paint()
                return true
            }
        }
    }

    /// Cancels the painting task; no tick is painted after this returns.
    public func stop() {
        paintingTask?.cancel()
        paintingTask = nil
    }
}

// MARK: - What ticks: one loop in the task, no run loop

extension UnscheduledTimer {
    /// Calls `body` at `start + n × interval` on `clock`, where `start` is
    /// when the loop begins, in the caller's isolation, until the task is
    /// cancelled or `body` returns false. After a stall, `body` runs once and
    /// the next deadline is the first one still in the future.
    static func repeating<C: Clock<Duration>>(
        every interval: Duration,
        clock: C,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () -> Bool
    ) async {
        var deadline = clock.now
        while true {
            deadline = deadline.advanced(by: interval)
            let now = clock.now
            if deadline < now {  // missed: skip to the next one ahead
                let missed = Int(deadline.duration(to: now) / interval)
                deadline = deadline.advanced(by: interval * (missed + 1))
            }
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return  // cancelled during the sleep
            }
            // Cancelled after the sleep ended, before this task got its actor
            // back: stop here, where `stop()` runs.
            guard !Task.isCancelled, body() else { return }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension UnscheduledTimer {
    /// Configures the ticker now, starts it after `delay`, and stops it after
    /// `times` paints.
    public static func paint(
        times: Int,
        every interval: Duration,
        startAfter delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        let painter = UnscheduledTimer(every: interval, clock: clock, log: log)
        log("created")
        try await clock.sleep(for: delay)
        await withCheckedContinuation { stopped in
            painter.onPaint = { [unowned painter] paints in
                if paints == times {
                    painter.stop()
                    stopped.resume()
                }
            }
            log("start")
            painter.start()
        }
        log("stop")
    }

    /// Whether the ticker has been started and not stopped.
    public var isRunning: Bool { paintingTask != nil }
}
