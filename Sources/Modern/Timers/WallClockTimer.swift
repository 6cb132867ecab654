import Foundation

/// Fires at wall-clock dates: one task reads a stream of wake-ups (the start,
/// each deadline, each clock-change or wake notification) and at every one
/// re-reads the wall clock and the schedule.
///
/// A sleep is a duration, not a date: it can't notice that the wall clock
/// moved or that a date did. So the loop sleeps for the time left until the
/// next date, and starts over on every restart notification (`restartOn`:
/// `.NSSystemClockDidChange`, `UIApplication`'s
/// `significantTimeChangeNotification`, a wake, a moved date). When a deadline
/// comes it asks the date source again: before the date (the clock went back)
/// it sleeps again, so it never fires early. It sleeps on a clock that keeps
/// counting while the device sleeps, `ContinuousClock`: a `SuspendingClock`
/// stops with the device and wakes late by as long as it slept. The date
/// source and the clock are injected, so tests move both by hand.
/// `nextDate(after:)` is the schedule, cron-like; dates missed while the timer
/// was late fire once.
public nonisolated final class WallClockTimer: Sendable {
    private enum WakeUp: Sendable {
        case restart
        case deadline(round: Int)
    }

    private let wakeUps: AsyncStream<WakeUp>.Continuation
    private let loop: Task<Void, Never>

    /// Starts at once; `action` gets each date, at or after it.
    public init(
        restartOn names: [Notification.Name] = [],
        center: NotificationCenter = .default,
        now: @escaping @Sendable () -> Date = Date.init,
        clock: any Clock<Duration> = ContinuousClock(),
        nextDate: @escaping @Sendable (_ after: Date) -> Date?,
        action: @escaping @Sendable (Date) async -> Void
    ) {
        let (stream, wakeUps) = AsyncStream.makeStream(of: WakeUp.self)
        self.wakeUps = wakeUps
        // Observing before the loop starts: no notification is missed.
        let observers = names.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { _ in
                wakeUps.yield(.restart)
            }
        }
        let start = now()
        wakeUps.yield(.restart)  // the first look
        loop = Task {
            await Self.fire(
                stream, wakeUps: wakeUps, start: start, now: now, clock: clock,
                nextDate: nextDate, action: action)
            for observer in observers { center.removeObserver(observer) }
        }
    }

    deinit {
        loop.cancel()
    }
}

// MARK: - Restarting and stopping: from anywhere

nonisolated extension WallClockTimer {
    /// Re-reads the clock and the schedule; call it after moving a date.
    public func restart() {
        wakeUps.yield(.restart)
    }

    /// Stops the timer: no date fires after the loop has seen it.
    public func cancel() {
        loop.cancel()
    }

    /// Returns once the schedule has ended or the timer was cancelled, and
    /// the observers are gone.
    public func done() async {
        await loop.value
    }
}

// MARK: - The loop: every wake-up re-reads the date source

nonisolated extension WallClockTimer {
    private static func fire<C: Clock<Duration>>(
        _ stream: AsyncStream<WakeUp>,
        wakeUps: AsyncStream<WakeUp>.Continuation,
        start: Date,
        now: @Sendable () -> Date,
        clock: C,
        nextDate: @Sendable (Date) -> Date?,
        action: @Sendable (Date) async -> Void
    ) async {
        var last = start  // the last date fired: the schedule is read after it
        var round = 0
        var deadline: Task<Void, Never>?
        for await wakeUp in stream {
            // Cancelled: the stream still hands out what it buffered.
            guard !Task.isCancelled else { break }
            if case .deadline(let number) = wakeUp, number != round { continue }
            // A schedule must move forward, or it would fire for ever.
            guard let date = nextDate(last), date > last else { break }
            // The clock first: if the wall clock moves in between, the deadline
            // comes early and the date is checked again, never late.
            let (instant, current) = (clock.now, now())
            if date <= current {
                await action(date)
                last = max(date, current)  // missed dates fire once, not each
                wakeUps.yield(.restart)  // look again: the next date
                continue
            }
            deadline?.cancel()
            round += 1
            let due = instant.advanced(by: .seconds(current.distance(to: date)))
            let number = round
            deadline = Task {
                do {
                    try await clock.sleep(until: due, tolerance: nil)
                } catch { return }  // cancelled: re-armed, or stopped
                wakeUps.yield(.deadline(round: number))
            }
        }
        deadline?.cancel()  // ended or cancelled: no deadline can come
    }
}
