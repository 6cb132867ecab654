import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let fireAtDate = Recipe(
        id: "fire-at-date",
        title: "Fire at a wall-clock date, and again after the clock changes",
        chapter: .timers,
        sources: [
            "Seen in real code: reminder, alarm and calendar apps that arm a `Timer(fireAt:…)` for the next occurrence on the main run loop in common modes, re-arm it after each fire and on `NSSystemClockDidChangeNotification` / `UIApplicationSignificantTimeChangeNotification`"
        ],
        file: "Timers/WallClockTimer.swift",
        apis: [
            APIMapping(
                "Timer(fire:interval:repeats:block:) for the next date, re-armed after each fire",
                "a loop that sleeps on `ContinuousClock` for the time left until the date, then asks the date source again"
            ),
            APIMapping(
                "RunLoop.add(_:forMode: .common)",
                "nothing: a task needs no run loop, and no run-loop mode can hold it back"),
            APIMapping(
                "NotificationCenter.addObserver(forName:) re-arming the timer on a clock change or wake",
                "the same observer yields a restart into the loop's stream of wake-ups"),
            APIMapping("Timer.invalidate() before re-arming", "cancel the sleeping deadline task"),
        ],
        prose: Articles.recipe("fire-at-date"),
        replaces: [.timerFireAt, .clockChangeNotification, .runLoopAdd],
        scenarios: [
            Scenario(
                "fires once at the date",
                rules: [.exact],
                legacy: { context in await legacyReminder(context, movedEarlier: false) },
                modern: { context in await modernReminder(context, movedEarlier: false) }
            ),
            Scenario(
                "a date moved earlier",
                rules: [.exact],
                legacy: { context in await legacyReminder(context, movedEarlier: true) },
                modern: { context in await modernReminder(context, movedEarlier: true) }
            ),
        ]
    )
}

/// One reminder whose date the driver can move: the schedule both timers read. The dates are paced
/// seconds from the start, named by the times a reader would set ("09:00" is 10 s away, "08:30"
/// 2 s), so the transcript doesn't depend on the pace.
private final class Reminder: Sendable {
    static let moved = Notification.Name("ReminderDateMoved")

    private let state: Locked<(date: Date, label: String)>
    private let reads = AsyncStream.makeStream(of: Void.self)
    private let labels: [Date: String]
    let center = NotificationCenter()
    let later: Date
    let earlier: Date

    init(_ context: RunContext) {
        let start = Date()
        later = start + context.pace(.seconds(10)) / .seconds(1)
        earlier = start + context.pace(.seconds(2)) / .seconds(1)
        labels = [later: "09:00", earlier: "08:30"]
        state = Locked((later, "09:00"))
    }

    /// The schedule: the reminder's date, once.
    @Sendable func nextDate(after date: Date) -> Date? {
        let scheduled = state.withLock { $0.date }
        reads.continuation.yield()
        return scheduled > date ? scheduled : nil
    }

    /// Returns once a timer has read the schedule (it is armed, or about to be).
    func untilRead() async {
        for await _ in reads.stream { return }
    }

    /// Moves the date earlier and tells the timers, as an app's editor would.
    func moveEarlier(log: @Sendable (String) -> Void) {
        state.withLock { $0 = (earlier, "08:30") }
        log("moved to 08:30")
        center.post(name: Self.moved, object: nil)
    }

    func fired(_ date: Date, at now: Date) -> String {
        "fired for \(labels[date] ?? "?"), \(now >= date ? "not before it" : "too early")"
    }
}

/// The legacy timer on a thread of its own, whose run loop runs until the schedule ends.
private func legacyReminder(_ context: RunContext, movedEarlier: Bool) async {
    let reminder = Reminder(context)
    let log = context.log
    async let done: Void = onOwnThread {
        Legacy.WallClockTimer.runUntilDone(
            restartOn: [Reminder.moved], center: reminder.center, nextDate: reminder.nextDate
        ) { date in log(reminder.fired(date, at: Date())) }
    }
    await reminder.untilRead()
    log("scheduled for 09:00")
    if movedEarlier { reminder.moveEarlier(log: log) }
    await done
    log("no more dates")
}

private func modernReminder(_ context: RunContext, movedEarlier: Bool) async {
    let reminder = Reminder(context)
    let log = context.log
    let timer = Modern.WallClockTimer(
        restartOn: [Reminder.moved], center: reminder.center, nextDate: reminder.nextDate
    ) { date in log(reminder.fired(date, at: Date())) }
    await reminder.untilRead()
    log("scheduled for 09:00")
    if movedEarlier { reminder.moveEarlier(log: log) }
    await timer.done()
    log("no more dates")
}
