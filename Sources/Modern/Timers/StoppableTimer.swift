/// A repeating timer is one loop in one task: stop it from outside by
/// cancelling the task, from inside by leaving the loop.
///
/// The loop sleeps *until* `start + n × interval`, checks for cancellation,
/// ticks, and after a stall skips to the next deadline still ahead instead of
/// running through the missed ones back to back. From outside, `stop()`
/// cancels the task: a sleeping loop wakes at once with `CancellationError`,
/// and the check after each sleep, on the main actor where `stop()` runs,
/// makes sure no tick follows it. From inside, the loop's body returns
/// `false` (the last section). Either way nothing is left sleeping and ticking
/// in the background. The task holds the timer weakly, like the legacy
/// timer's block.
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
        // A second task would orphan the first, still ticking.
        guard tickingTask == nil else { return }
        let (interval, clock) = (interval, clock)
        tickingTask = Task { [weak self] in
            var count = 0
            await Self.repeating(every: interval, clock: clock) {
                guard let self else { return false }
                count += 1
                self.tick(count)
                return true
            }
        }
    }

    /// Stops from outside: cancels the ticking task. No tick runs after this
    /// returns.
    public func stop() {
        tickingTask?.cancel()
        tickingTask = nil
    }

    /// Calls `body` at `start + n × interval` on `clock`, in the caller's
    /// isolation, until the task is cancelled or `body` returns false. After
    /// a stall, `body` runs once and the next deadline is the first one still
    /// in the future.
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

// MARK: - Stopping from inside: the loop's body returns `false`

extension StoppableTimer {
    /// Paints `times` times, then leaves the loop: the modern "invalidate from
    /// inside".
    public nonisolated static func paintThenStop(
        times: Int,
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("start")
        var count = 0
        await repeating(every: interval, clock: clock) {
            log("Painting")
            count += 1
            return count < times  // false ends the loop: the invalidate
        }
        log("stop")
    }
}

// MARK: - Or the ticks as a value: an `AsyncStream` ticker, stopped by `break`

extension StoppableTimer {
    /// Ticks at `start + n × interval` on `clock`, until the stream's consumer
    /// stops iterating, for code that takes an `AsyncSequence`.
    ///
    /// A producer task runs the same loop and yields; `bufferingNewest(1)`
    /// keeps one tick for a slow consumer. Ending the iteration (`break`, or
    /// cancelling the consuming task) terminates the stream, and
    /// `onTermination` cancels the producer. The stream still hands out a tick
    /// it buffered before its consumer was cancelled, so a consumer that is
    /// stopped from outside checks `Task.isCancelled` after each one.
    public nonisolated static func ticks(
        every interval: Duration,
        clock: some Clock<Duration> = ContinuousClock()
    ) -> AsyncStream<Void> {
        let (ticks, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let producer = Task {
            await repeating(every: interval, clock: clock) {
                if case .terminated = continuation.yield() { return false }
                return true
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in producer.cancel() }
        return ticks
    }

    /// Paints `times` times, then breaks out of `for await`: the stream
    /// terminates, and `onTermination` cancels the producer.
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
            if count == times { break }
        }
        log("stop")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension StoppableTimer {
    /// Whether the ticker is running.
    public var isTicking: Bool { tickingTask != nil }
}
