/// A repeating timer is one loop in one task: sleep until the next deadline,
/// check, paint, until stopped.
///
/// The loop sleeps *until* `start + n × interval` rather than *for* an
/// interval, so a late wake-up does not push every later tick back: no drift.
/// After a stall (a busy main actor, a suspended app, a debugger pause) it
/// paints once, then skips to the next deadline still in the future instead
/// of running through the missed ones back to back, as `Timer` and a dispatch
/// timer source do. The tolerance plays the part of a timer's tolerance or a
/// source's leeway. The task runs on the main actor, like the view it paints;
/// stopping cancels it, and the check after each sleep, on the main actor,
/// makes sure no paint follows `stopPainting()`. The task holds the painter
/// weakly, like the timer block on the Legacy side. The clock is injected, so
/// tests can drive time.
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

    /// Starts a task that paints every interval, unless one is already
    /// running.
    public func startPainting() {
        // A second task would orphan the first, still painting.
        guard paintingTask == nil else { return }
        let (interval, tolerance, clock) = (interval, tolerance, clock)
        paintingTask = Task { [weak self] in
            await Self.tick(
                every: interval, tolerance: tolerance, clock: clock
            ) {
                guard let self else { return false }
                self.paint()
                return true
            }
        }
    }

    /// Cancels the painting task; nothing is painted after this returns.
    public func stopPainting() {
        paintingTask?.cancel()
        paintingTask = nil
    }

    private func paint() {
        log("Painting")
        paints += 1
        onPaint?(paints)
    }

    /// Calls `body` at `start + n × interval` on `clock`, in the caller's
    /// isolation, until the task is cancelled or `body` returns false. After
    /// a stall, `body` runs once and the next deadline is the first one still
    /// in the future.
    static func tick<C: Clock<Duration>>(
        every interval: Duration,
        tolerance: Duration?,
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
                try await clock.sleep(until: deadline, tolerance: tolerance)
            } catch {
                return  // cancelled during the sleep
            }
            // Cancelled after the sleep ended, before this task got its actor
            // back: stop here, where the canceller runs.
            guard !Task.isCancelled, body() else { return }
        }
    }
}

// MARK: - `timeFlies`: the same loop, stopped after a count

extension RepeatingTimer {
    /// The dispatch-source form: "Time flies." every interval, within
    /// `leeway`.
    ///
    /// The loop body is the event handler; returning false ends the loop, as
    /// `source.cancel()` ends the source.
    public nonisolated static func timeFlies(
        times: Int,
        every interval: Duration,
        leeway: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("start")
        var fired = 0
        await tick(every: interval, tolerance: leeway, clock: clock) {
            log("Time flies.")
            fired += 1
            return fired < times
        }
        log("stop")
    }
}

// MARK: - Or the ticks as a value: an `AsyncStream` ticker

extension RepeatingTimer {
    /// Ticks at `start + n × interval` on `clock`, until the stream's consumer
    /// stops iterating, for code that takes an `AsyncSequence`.
    ///
    /// A producer task runs the same loop and yields; `bufferingNewest(1)`
    /// keeps one tick for a slow consumer. Ending the iteration (`break`, or
    /// cancelling the consuming task) terminates the stream, and
    /// `onTermination` cancels the producer. A stream hands each tick to one
    /// consumer: give each consumer its own ticker. It still hands out a tick
    /// it buffered before its consumer was cancelled, so a consumer checks
    /// `Task.isCancelled` after each one.
    public nonisolated static func ticks(
        every interval: Duration,
        tolerance: Duration? = nil,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> AsyncStream<Void> {
        let (ticks, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let producer = Task {
            await tick(every: interval, tolerance: tolerance, clock: clock) {
                if case .terminated = continuation.yield() { return false }
                return true
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

    /// Whether a painting task is running.
    public var isPainting: Bool { paintingTask != nil }
}
