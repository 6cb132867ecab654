/// A ticker configured now whose producer task is created only by `start()`.
///
/// Nothing runs until `start()`: the initializer stores the interval and clock,
/// and `start()` creates the ticker, so its deadlines count from the start, not
/// from creation. There is no run loop to add it to and none to keep alive.
/// Stopping cancels the painting task, and the stream's `onTermination` cancels
/// the producer.
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
    /// Creates the ticker and the task that paints on each tick, unless already
    /// started.
    public func start() {
        guard paintingTask == nil else { return }
        let ticks = Self.ticks(every: interval, clock: clock)
        paintingTask = Task { [weak self] in
            for await _ in ticks {
                // A tick handed over just before `stop()` must not paint.
                guard !Task.isCancelled, let self else { return }
                self.paint()
            }
        }
    }

    /// Cancels the painting task; no tick is painted after this returns.
    public func stop() {
        paintingTask?.cancel()
        paintingTask = nil
    }
}

// MARK: - What ticks: an `AsyncStream` paced by deadlines, no run loop

extension UnscheduledTimer {
    /// Ticks at `start + n × interval` on `clock`, where `start` is now, until
    /// the stream's consumer stops iterating; `onTermination` then cancels the
    /// producer. After a stall the producer skips to the next deadline still
    /// ahead, instead of running through the missed ones back to back.
    public nonisolated static func ticks(
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> AsyncStream<Void> {
        let (ticks, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let start = clock.now
        let producer = Task {
            var deadline = start
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
                    break  // cancelled
                }
                continuation.yield()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in producer.cancel() }
        return ticks
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
