import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct WallClockTimerTests {
    /// The wall clock of a modern timer under test: a fixed date plus the manual clock's time, plus
    /// the jumps the test makes (the user, or the network, setting the clock).
    final class TestWallClock: Sendable {
        let clock = ManualTestClock()
        let base = Date(timeIntervalSinceReferenceDate: 815_000_000)
        private let shift = Locked(Duration.zero)

        @Sendable func now() -> Date {
            base + (clock.now.offset + shift.withLock { $0 }) / .seconds(1)
        }

        func jump(by duration: Duration) {
            shift.withLock { $0 += duration }
        }

        func date(_ seconds: Double) -> Date { base + seconds }
    }

    /// A schedule the test can move, that counts how often it is read and records what fired.
    final class Schedule: Sendable {
        private let dates: Locked<[Date]>
        private let reads = Locked(0)
        private let fires = Locked<[(date: Date, at: Date)]>([])

        /// Fires at each of `dates`, in order.
        init(_ dates: [Date]) { self.dates = Locked(dates) }

        @Sendable func nextDate(after date: Date) -> Date? {
            reads.withLock { $0 += 1 }
            return dates.withLock { $0 }.first { $0 > date }
        }

        func move(to dates: [Date]) { self.dates.withLock { $0 = dates } }

        @Sendable func fire(_ date: Date, at now: Date) { fires.withLock { $0.append((date, now)) } }

        var readCount: Int { reads.withLock { $0 } }
        var fired: [Date] { fires.withLock { $0.map(\.date) } }
        var firedNotBeforeItsDate: Bool { fires.withLock { $0.allSatisfy { $0.at >= $0.date } } }

        /// Returns once the schedule has been read `count` times (yields, never sleeps), or the
        /// test is cancelled (its time limit), so a read that never comes fails the test instead of
        /// spinning for ever.
        func untilRead(_ count: Int) async throws {
            try await eventually { readCount >= count }
        }
    }

    static func modernTimer(
        _ schedule: Schedule, _ wall: TestWallClock, restartOn names: [Notification.Name] = [],
        center: NotificationCenter = NotificationCenter()
    ) -> Modern.WallClockTimer {
        Modern.WallClockTimer(
            restartOn: names, center: center, now: wall.now, clock: wall.clock, nextDate: schedule.nextDate
        ) { date in schedule.fire(date, at: wall.now()) }
    }

    // MARK: - Modern, on an injected clock and date source

    @Test func modernFiresOnceAtTheDateAndNotBefore() async throws {
        let wall = TestWallClock()
        let schedule = Schedule([wall.date(60)])
        let timer = Self.modernTimer(schedule, wall)
        try await schedule.untilRead(1)
        try await wall.clock.waitForSleepers(1)
        wall.clock.advance(by: .seconds(59))
        #expect(schedule.fired.isEmpty)
        wall.clock.advance(by: .seconds(1))
        await timer.done()
        #expect(schedule.fired == [wall.date(60)])
        #expect(schedule.firedNotBeforeItsDate)
    }

    /// The moved date is read at the restart: the timer fires at the new date, never at the old.
    @Test func modernDateMovedEarlierFiresAtTheNewDate() async throws {
        let wall = TestWallClock()
        let schedule = Schedule([wall.date(3600)])
        let moved = Notification.Name("moved")
        let center = NotificationCenter()
        let timer = Self.modernTimer(schedule, wall, restartOn: [moved], center: center)
        try await schedule.untilRead(1)
        schedule.move(to: [wall.date(60)])
        center.post(name: moved, object: nil)
        try await schedule.untilRead(2)  // re-armed for the new date, measured from now
        wall.clock.advance(by: .seconds(60))
        await timer.done()
        #expect(schedule.fired == [wall.date(60)])
        #expect(wall.clock.sleeperCount == 0)  // the old deadline's sleep was cancelled
    }

    /// A sleep is a duration: with the clock set forward, the date comes early on the wall, and
    /// only a restart (the clock-change notification) lets the timer see it.
    @Test func modernClockSetForwardIsSeenAtTheRestart() async throws {
        let wall = TestWallClock()
        let schedule = Schedule([wall.date(3600)])
        let timer = Self.modernTimer(schedule, wall)
        try await schedule.untilRead(1)
        try await wall.clock.waitForSleepers(1)
        wall.jump(by: .seconds(1800))
        wall.clock.advance(by: .seconds(1800))  // the wall clock now reads the date
        #expect(schedule.fired.isEmpty)  // still asleep for the other half hour
        timer.restart()
        await timer.done()
        #expect(schedule.fired == [wall.date(3600)])
        #expect(wall.clock.now.offset == .seconds(1800))
    }

    /// With the clock set back, the deadline comes before the date on the wall: the timer sleeps
    /// again for what is left, and fires at the date.
    @Test func modernClockSetBackNeverFiresEarly() async throws {
        let wall = TestWallClock()
        let schedule = Schedule([wall.date(60)])
        let timer = Self.modernTimer(schedule, wall)
        try await schedule.untilRead(1)
        try await wall.clock.waitForSleepers(1)
        wall.jump(by: .seconds(-30))
        wall.clock.advance(by: .seconds(60))  // the deadline: the wall reads 0:30
        try await schedule.untilRead(2)
        #expect(schedule.fired.isEmpty)
        wall.clock.advance(by: .seconds(30))
        await timer.done()
        #expect(schedule.fired == [wall.date(60)])
        #expect(schedule.firedNotBeforeItsDate)
    }

    /// Ten dates pass while the timer waits for the first (the device slept through them): it fires
    /// once, then goes on from now.
    @Test func modernMissedDatesFireOnce() async throws {
        let wall = TestWallClock()
        let schedule = Schedule((1...20).map { wall.date(Double($0) * 60) })
        let timer = Self.modernTimer(schedule, wall)
        try await schedule.untilRead(1)
        try await wall.clock.waitForSleepers(1)
        wall.clock.advance(by: .seconds(600))
        try await schedule.untilRead(3)  // fired, then looked again and re-armed
        #expect(schedule.fired == [wall.date(60)])
        // Parked first: advanced between its read and its sleep, the timer would fire the 11:00
        // date at once and sleep until 12:00, and the fifth read would never come.
        try await wall.clock.waitForSleepers(1)
        wall.clock.advance(by: .seconds(60))
        try await schedule.untilRead(5)
        #expect(schedule.fired == [wall.date(60), wall.date(660)])
        timer.cancel()
        await timer.done()
    }

    /// Cancellation: the sleeping deadline is cancelled, nothing fires, a later notification finds
    /// no loop, and `done()` returns.
    @Test func modernCancelBeforeTheDateFiresNothing() async throws {
        let wall = TestWallClock()
        let schedule = Schedule([wall.date(60)])
        let moved = Notification.Name("moved")
        let center = NotificationCenter()
        let timer = Self.modernTimer(schedule, wall, restartOn: [moved], center: center)
        try await schedule.untilRead(1)
        try await wall.clock.waitForSleepers(1)
        timer.cancel()
        await timer.done()
        #expect(wall.clock.sleeperCount == 0)
        center.post(name: moved, object: nil)
        wall.clock.advance(by: .seconds(3600))
        #expect(schedule.fired.isEmpty)
        #expect(schedule.readCount == 1)
    }

    // MARK: - Bad input, both sides

    /// A schedule that is empty, or whose dates are already past, or that does not move forward,
    /// ends the timer without firing.
    @Test(arguments: [[], [-60.0], [0.0]])
    func aScheduleWithNothingAheadEndsAtOnce(_ offsets: [Double]) async {
        let wall = TestWallClock()
        let modern = Schedule(offsets.map(wall.date))
        let timer = Self.modernTimer(modern, wall)
        await timer.done()
        #expect(modern.fired.isEmpty)

        let now = Date()
        let legacy = Schedule(offsets.map { now + $0 })
        await onOwnThread {
            Legacy.WallClockTimer.runUntilDone(restartOn: [], center: NotificationCenter(), nextDate: legacy.nextDate) {
                legacy.fire($0, at: Date())
            }
        }
        #expect(legacy.fired.isEmpty)
    }

    /// A schedule that returns the same date again would fire for ever: both sides stop.
    @Test func aScheduleThatRepeatsItsDateFiresOnce() async throws {
        let wall = TestWallClock()
        let date = wall.date(60)
        let fired = Locked(0)
        let timer = Modern.WallClockTimer(now: wall.now, clock: wall.clock, nextDate: { _ in date }) { _ in
            fired.withLock { $0 += 1 }
        }
        try await wall.clock.waitForSleepers(1)
        wall.clock.advance(by: .seconds(60))
        await timer.done()
        #expect(fired.withLock { $0 } == 1)

        let legacyDate = Date() + 0.01
        let legacyFired = Locked(0)
        await onOwnThread {
            Legacy.WallClockTimer.runUntilDone(restartOn: [], center: NotificationCenter(), nextDate: { _ in legacyDate }) {
                _ in legacyFired.withLock { $0 += 1 }
            }
        }
        #expect(legacyFired.withLock { $0 } == 1)
    }

    // MARK: - Legacy, in real time

    @Test func legacyFiresOnceAtTheDateAndNotBefore() async {
        let date = Date() + 0.02
        let schedule = Schedule([date])
        await onOwnThread {
            Legacy.WallClockTimer.runUntilDone(restartOn: [], center: NotificationCenter(), nextDate: schedule.nextDate) {
                schedule.fire($0, at: Date())
            }
        }
        #expect(schedule.fired == [date])
        #expect(schedule.firedNotBeforeItsDate)
    }

    /// The notification arrives on the posting thread; the timer hops onto its run loop's thread
    /// and re-arms there, for the moved date.
    @Test func legacyDateMovedEarlierFiresAtTheNewDate() async throws {
        let start = Date()
        let schedule = Schedule([start + 3600])
        let moved = Notification.Name("moved")
        let center = NotificationCenter()
        async let done: Void = onOwnThread {
            Legacy.WallClockTimer.runUntilDone(restartOn: [moved], center: center, nextDate: schedule.nextDate) {
                schedule.fire($0, at: Date())
            }
        }
        try await schedule.untilRead(1)
        schedule.move(to: [start + 0.02])
        center.post(name: moved, object: nil)
        await done
        #expect(schedule.fired == [start + 0.02])
        #expect(schedule.firedNotBeforeItsDate)
    }

    /// Difference: the legacy timer is stopped on its own thread (`stop()`, which invalidates the
    /// timer and removes the observers); the modern one is cancelled from anywhere.
    @Test func legacyStopBeforeTheDateFiresNothing() async {
        let schedule = Schedule([Date() + 0.02])
        let moved = Notification.Name("moved")
        let center = NotificationCenter()
        let armed = await onOwnThread { () -> Bool in
            let timer = Legacy.WallClockTimer(restartOn: [moved], center: center, nextDate: schedule.nextDate) {
                schedule.fire($0, at: Date())
            }
            timer.start()
            let armed = timer.isArmed
            timer.stop()
            center.post(name: moved, object: nil)  // no observer left to hear it
            // Three times the delay on a run loop kept running: nothing fires.
            let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
            RunLoop.current.add(keepAlive, forMode: .default)
            RunLoop.current.run(until: Date() + 0.06)
            keepAlive.invalidate()
            return armed && !timer.isArmed
        }
        #expect(armed)
        #expect(schedule.fired.isEmpty)
        #expect(schedule.readCount == 1)
    }
}
