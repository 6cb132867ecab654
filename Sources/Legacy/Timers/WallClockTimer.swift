import CoreFoundation
import Foundation

/// Fires at wall-clock dates: a one-shot `Timer` for the next date, on a run
/// loop in its common modes, re-armed after each fire and whenever the clock
/// changes.
///
/// `Timer(fire:…)` takes a `Date`, but the run loop turns it into a deadline
/// on its own monotonic clock when the timer is added: it subtracts the
/// current time (`CFRunLoopTimerSetNextFireDate`). A timer for 9:00 then
/// fires once the time that was left has passed, whatever the wall clock says
/// by then. So the timer listens for the clock-change and wake notifications
/// (`restartOn`: `.NSSystemClockDidChange`, `UIApplication`'s
/// `significantTimeChangeNotification`, …) and re-arms from the schedule.
/// `nextDate(after:)` is the schedule, cron-like (`Calendar`'s
/// `nextDate(after:matching:matchingPolicy:)` is the usual source): after
/// each fire the timer is re-armed for the next date, and dates missed while
/// it was late fire once. The timer and its state are touched only on the run
/// loop's thread; notifications hop there with `RunLoop.perform`.
public final class WallClockTimer: @unchecked Sendable {
    // `@unchecked Sendable`: `timer`, `last` and `observers` are only touched
    // on the run loop's thread; other threads only post blocks to it.
    private let runLoop = RunLoop.current
    private let cfRunLoop = CFRunLoopGetCurrent()
    private let center: NotificationCenter
    private let restartNames: [Notification.Name]
    private let nextDate: (_ after: Date) -> Date?
    private let action: (Date) -> Void
    private var timer: Timer?
    /// The last date fired, or the start: the schedule is read after it.
    private var last = Date()
    private var observers: [any NSObjectProtocol] = []

    /// Create, start and stop it on the thread whose run loop runs it (the
    /// main thread, in an app). `action` runs there, with its date.
    public init(
        restartOn names: [Notification.Name] = [],
        center: NotificationCenter = .default,
        nextDate: @escaping (_ after: Date) -> Date?,
        action: @escaping (Date) -> Void
    ) {
        self.center = center
        self.restartNames = names
        self.nextDate = nextDate
        self.action = action
    }
}

// MARK: - Starting, stopping, restarting: on the run loop's thread

extension WallClockTimer {
    /// Arms the timer for the first date after now, and starts listening.
    public func start() {
        last = Date()
        observers = restartNames.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) {
                [weak self] _ in
                self?.restartOnRunLoop()
            }
        }
        arm()
    }

    /// Invalidates the timer and stops listening.
    public func stop() {
        timer?.invalidate()
        timer = nil
        for observer in observers { center.removeObserver(observer) }
        observers = []
    }

    /// Re-reads the clock and the schedule, and re-arms. Call it on the run
    /// loop's thread after moving a date.
    public func restart() {
        arm()
    }
}

// MARK: - Arming, firing, re-arming

extension WallClockTimer {
    private func arm() {
        timer?.invalidate()
        timer = nil
        // A schedule must move forward, or it would fire for ever.
        guard let date = nextDate(last), date > last else { return }
        let timer = Timer(fire: date, interval: 0, repeats: false) {
            [weak self] _ in
            self?.fire(date)
        }
        runLoop.add(timer, forMode: .common)
        self.timer = timer
    }

    private func fire(_ date: Date) {
        let now = Date()
        // The wall clock went back since arming: not yet.
        guard now >= date else { return arm() }
        last = max(date, now)  // dates missed meanwhile fire once, not each
        action(date)
        arm()
    }

    private func restartOnRunLoop() {
        runLoop.perform { [weak self] in self?.restart() }
        CFRunLoopWakeUp(cfRunLoop)  // `perform` only enqueues
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension WallClockTimer {
    /// Whether a date is armed. Read it on the run loop's thread.
    public var isArmed: Bool { timer != nil }

    /// Starts a timer on the calling thread's run loop and runs that run loop
    /// until the schedule ends (or `stop()`).
    public static func runUntilDone(
        restartOn names: [Notification.Name],
        center: NotificationCenter,
        nextDate: @escaping (_ after: Date) -> Date?,
        action: @escaping (Date) -> Void
    ) {
        let timer = WallClockTimer(
            restartOn: names, center: center, nextDate: nextDate,
            action: action)
        timer.start()
        while timer.isArmed
            && RunLoop.current.run(mode: .default, before: .distantFuture)
        {}
        timer.stop()
    }
}
