import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct UnscheduledTimerTests {
    static let interval = Duration.milliseconds(10)
    static let expected = ["created", "start", "Painting", "Painting", "Painting", "stop"]
    static let threeIntervals = DispatchTimeInterval.milliseconds(30)

    @Test func legacyTimerDoesNothingUntilStartedThenPaintsThreeTimes() async throws {
        let recorder = Recorder()
        await onOwnThread {
            Legacy.UnscheduledTimer.paint(
                times: 3,
                every: Self.interval,
                startAfter: Self.interval * 3,
                log: recorder.logger
            )
        }
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernTickerDoesNothingUntilStartedThenPaintsThreeTimes() async throws {
        let recorder = Recorder()
        try await Modern.UnscheduledTimer.paint(
            times: 3,
            every: Self.interval,
            startAfter: Self.interval * 3,
            log: recorder.logger
        )
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.expected)
    }

    @Test func legacyRunLoopRunsButTheUnscheduledTimerStaysSilent() async {
        // No start() at all: the owner thread runs its run loop (kept alive) while a second
        // thread waits three intervals and stops it. Nothing is painted.
        let recorder = Recorder()
        await onOwnThread {
            let painter = Legacy.UnscheduledTimer(every: Self.interval, log: recorder.logger)
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.threeIntervals) { painter.stop() }
            painter.run()
        }
        #expect(recorder.lines.isEmpty)
    }

    @Test func legacyFireDateIsFixedWhenTheTimerIsCreated() async throws {
        let recorder = Recorder()
        let (fireDate, earliestStart) = await onOwnThread { () -> (Date?, Date) in
            let painter = Legacy.UnscheduledTimer(every: Self.interval, log: recorder.logger)
            let fireDate = painter.fireDate
            let earliestStart = Date(timeIntervalSinceNow: Self.interval / .seconds(1) * 3)
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.threeIntervals) { painter.start() }
            painter.onPaint = { [unowned painter] _ in painter.stop() }
            painter.run()
            return (fireDate, earliestStart)
        }
        // Scheduled three intervals after it was made, the timer is already overdue: it fires at once.
        #expect(try #require(fireDate) < earliestStart)
        #expect(recorder.lines == ["Painting"])
    }

    @MainActor @Test func modernFirstTickComesOneIntervalAfterStart() async throws {
        let recorder = Recorder()
        let stamps = TickerTimestamps()
        let painter = Modern.UnscheduledTimer(every: Self.interval) { line in
            stamps.stamp()
            recorder.log(line)
        }
        try await Task.sleep(for: Self.interval * 3)
        let (first, reached) = AsyncStream.makeStream(of: Void.self)
        painter.onPaint = { [unowned painter] _ in
            painter.stop()
            reached.finish()
        }
        let startedAt = ContinuousClock.now
        painter.start()
        for await _ in first {}
        #expect(recorder.lines == ["Painting"])
        #expect(try #require(stamps.all.first) >= startedAt + Self.interval)
        #expect(!painter.isRunning)
    }

    /// A stall of ten intervals (the main actor busy, the app suspended, a debugger pause) paints
    /// once, then the next deadline is the first one still ahead, on the original grid. Without
    /// the skip, the loop would run through the nine missed deadlines back to back, each sleep
    /// returning at once.
    @MainActor @Test func aStallOfTenIntervalsPaintsOnceThenKeepsThePace() async throws {
        let recorder = Recorder()
        let clock = ManualTestClock()
        let painter = Modern.UnscheduledTimer(every: .seconds(1), clock: clock, log: recorder.logger)
        painter.start()
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))  // the first deadline was at 1 s: ten intervals of stall
        try await clock.waitForSleepers(1)
        #expect(recorder.lines == ["Painting"])
        #expect(clock.deadlines.map(\.offset) == [.seconds(1), .seconds(11)])
        painter.stop()
    }

    /// `stop()` cancels the task: its sleep ends at once, and no further sleep is asked for.
    @MainActor @Test func modernStopCancelsTheSleepingLoop() async {
        let clock = TickerTestClock(parkAfter: 0)  // the first sleep parks until cancelled
        let painter = Modern.UnscheduledTimer(every: Self.interval, clock: clock) { _ in }
        painter.start()
        for await request in clock.sleepRequests where request == 1 { break }
        painter.stop()
        #expect(!painter.isRunning)
        for await _ in clock.cancelledSleeps { break }
        #expect(clock.deadlines.count == 1)
    }
}
