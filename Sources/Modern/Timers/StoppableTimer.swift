/// A deadline ticker stopped from outside (cancel its task) or from inside
/// (`break` out of `for await`).
///
/// From outside, `stop()` cancels the task that consumes the ticks. From
/// inside, the loop simply breaks. Either way the stream terminates and its
/// `onTermination` cancels the producer, so nothing keeps sleeping and ticking
/// in the background. The ticker is `@MainActor` like the code that stops it,
/// so a tick can never be handled between `stop()` and the caller's next line.
@MainActor
public final class StoppableTimer {
    private let interval: Duration
    private let clock: any Clock<Duration>
    private let tick: (_ count: Int) -> Void
    private var tickingTask: Task<Void, Never>?

    /// `tick` runs on the main actor, with the tick count.
    public init(
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        tick: @escaping (_ count: Int) -> Void
    ) {
        self.interval = interval
        self.clock = clock
        self.tick = tick
    }

    /// Starts ticking, unless already started.
    public func start() {
        guard tickingTask == nil else { return }
        let ticks = Self.ticks(every: interval, clock: clock)
        tickingTask = Task { [weak self] in
            var count = 0
            for await _ in ticks {
                // A tick handed over just before `stop()` must not run.
                guard !Task.isCancelled, let self else { return }
                count += 1
                self.tick(count)
            }
        }
    }

    /// Stops from outside: cancels the ticking task. No tick runs after this
    /// returns.
    public func stop() {
        tickingTask?.cancel()
        tickingTask = nil
    }
}

// MARK: - Stopping from inside: `break` out of the loop

extension StoppableTimer {
    /// Paints `times` times, then breaks out of the loop: the modern
    /// "invalidate from inside".
    public nonisolated static func paintThenBreak(
        times: Int,
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("start")
        var count = 0
        for await _ in ticks(every: interval, clock: clock) {
            log("Painting")
            count += 1
            // Ends the stream; onTermination cancels the producer.
            if count == times { break }
        }
        log("stop")
    }
}

// MARK: - The ticker: an `AsyncStream` paced by deadlines

extension StoppableTimer {
    /// Ticks at `start + n × interval` on `clock`, until the stream's consumer
    /// stops iterating; `onTermination` then cancels the producer. After a
    /// stall the producer skips to the next deadline still ahead, instead of
    /// running through the missed ones back to back.
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

extension StoppableTimer {
    /// Whether the ticker is running.
    public var isTicking: Bool { tickingTask != nil }
}
