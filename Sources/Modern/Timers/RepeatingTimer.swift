/// A deadline ticker (an `AsyncStream` fed by a sleeping producer) paints on
/// every tick until stopped.
///
/// The producer sleeps *until* `start + n × interval` rather than *for* an
/// interval, so a late wake-up does not push every later tick back: no drift.
/// Its tolerance plays the part of a dispatch timer's leeway. Painting is a
/// task that consumes the stream; stopping cancels it, and the stream's
/// `onTermination` cancels the producer. The clock is injected, so tests can
/// drive time. The painter is `@MainActor` like the view it paints, and the
/// painting task holds it weakly, like the timer block on the Legacy side.
@MainActor
public final class RepeatingTimer {
    /// Called after each paint, with the number of paints so far.
    public var onPaint: ((Int) -> Void)?

    private let interval: Duration
    private let tolerance: Duration?
    private let clock: any Clock<Duration>
    private let log: @Sendable (String) -> Void
    private var paintingTask: Task<Void, Never>?
    private var paints = 0

    public init(
        every interval: Duration,
        tolerance: Duration? = nil,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.interval = interval
        self.tolerance = tolerance
        self.clock = clock
        self.log = log
    }

    /// Starts a ticker and a task that paints on each tick, unless one is
    /// already running.
    public func startPainting() {
        // A second task would orphan the first, still painting.
        guard paintingTask == nil else { return }
        let ticks = Self.ticks(
            every: interval, tolerance: tolerance, clock: clock)
        paintingTask = Task { [weak self] in
            for await _ in ticks {
                // A tick handed over just before `stopPainting()` must not
                // paint.
                guard !Task.isCancelled, let self else { return }
                self.paint()
            }
        }
    }

    /// Cancels the painting task; no tick is painted after this returns.
    public func stopPainting() {
        paintingTask?.cancel()
        paintingTask = nil
    }

    private func paint() {
        log("Painting")
        paints += 1
        onPaint?(paints)
    }
}

// MARK: - `timeFlies`: a loop over the ticker

extension RepeatingTimer {
    /// The dispatch-source form: "Time flies." every interval, within
    /// `leeway`.
    ///
    /// The loop body is the event handler; breaking out of it ends the stream,
    /// which cancels the producer, as `source.cancel()` does.
    public nonisolated static func timeFlies(
        times: Int,
        every interval: Duration,
        leeway: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("start")
        var fired = 0
        for await _ in ticks(every: interval, tolerance: leeway, clock: clock) {
            log("Time flies.")
            fired += 1
            if fired == times { break }
        }
        log("stop")
    }
}

// MARK: - The ticker: an `AsyncStream` paced by deadlines

extension RepeatingTimer {
    /// Ticks at `start + n × interval` on `clock`, until the stream's consumer
    /// stops iterating.
    ///
    /// `bufferingNewest(1)` coalesces the ticks a slow consumer missed into
    /// one, as a run-loop timer does. Ending the iteration (`break`, or
    /// cancelling the consuming task) terminates the stream, and
    /// `onTermination` cancels the producer's sleep.
    public nonisolated static func ticks(
        every interval: Duration,
        tolerance: Duration? = nil,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> AsyncStream<Void> {
        let (ticks, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let start = clock.now
        let producer = Task {
            var deadline = start
            while true {
                // The next deadline, not "interval from now".
                deadline = deadline.advanced(by: interval)
                do {
                    try await clock.sleep(until: deadline, tolerance: tolerance)
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

extension RepeatingTimer {
    /// The classic lifecycle: start, paint `times` times, stop.
    public static func paint(
        times: Int,
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async {
        let painter = RepeatingTimer(every: interval, clock: clock, log: log)
        await withCheckedContinuation { stopped in
            painter.onPaint = { [unowned painter] paints in
                if paints == times {
                    painter.stopPainting()
                    log("stop")
                    stopped.resume()
                }
            }
            log("start")
            painter.startPainting()
        }
    }

    /// Whether a ticker is running.
    public var isPainting: Bool { paintingTask != nil }
}
