import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct StoppableTimerTests {
    static let interval = Duration.milliseconds(10)
    static let threePaints = ["start", "Painting", "Painting", "Painting", "stop"]

    /// Whether `lines` has a "Painting" after the first "stop".
    static func paintsAfterStop(_ lines: [String]) -> Bool {
        guard let stop = lines.firstIndex(of: "stop") else { return false }
        return lines[stop...].contains("Painting")
    }

    @Test func legacyInvalidatingInsideLeavesThreePaintsAndAnInvalidTimer() async throws {
        let recorder = Recorder()
        let isValid = await onOwnThread {
            Legacy.StoppableTimer.paintThenInvalidateInside(times: 3, every: Self.interval, log: recorder.logger)
        }
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.threePaints)
        #expect(!isValid)
    }

    @Test func modernReturningFalseFromTheLoopLeavesThreePaints() async throws {
        let recorder = Recorder()
        await Modern.StoppableTimer.paintThenStop(times: 3, every: Self.interval, log: recorder.logger)
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.threePaints)
    }

    /// Returning `false` ends the loop at once: no further sleep is asked for.
    @Test func modernReturningFalseAsksForNoFurtherSleep() async {
        let clock = TickerTestClock()  // every sleep returns at once
        await Modern.StoppableTimer.paintThenStop(times: 3, every: Self.interval, clock: clock) { _ in }
        #expect(clock.deadlines.count == 3)
    }

    @Test func modernBreakingOutLeavesThreePaints() async throws {
        let recorder = Recorder()
        await Modern.StoppableTimer.paintThenBreak(times: 3, every: Self.interval, log: recorder.logger)
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.threePaints)
    }

    @Test func modernBreakingOutOfForAwaitCancelsTheProducer() async {
        let clock = TickerTestClock(parkAfter: 1)  // the first tick comes at once; the second sleep parks
        for await _ in Modern.StoppableTimer.ticks(every: Self.interval, clock: clock) {
            break
        }
        // Only the stream's onTermination can end the parked sleep: wait for it.
        for await _ in clock.cancelledSleeps { break }
        #expect(clock.deadlines.count == 2)
    }

    @MainActor @Test func modernStopCancelsTheSleepingLoop() async {
        let clock = TickerTestClock(parkAfter: 0)  // the first sleep parks until cancelled
        let timer = Modern.StoppableTimer(every: Self.interval, clock: clock) { _ in }
        timer.start()
        for await request in clock.sleepRequests where request == 1 { break }
        timer.stop()
        #expect(!timer.isTicking)
        for await _ in clock.cancelledSleeps { break }
        #expect(clock.deadlines.count == 1)
    }

    @Test func legacyStopFromAnotherThreadRecordsNoTickAfterStop() async throws {
        let recorder = Recorder()
        let isValid = await onOwnThread {
            let third = DispatchSemaphore(value: 0)
            let timer = Legacy.StoppableTimer(every: Self.interval) { count, _ in
                recorder.log("Painting")
                if count == 3 { third.signal() }
            }
            Thread {
                third.wait()
                timer.stop { recorder.log("stop") }
            }.start()
            timer.run()
            return timer.isValid
        }
        try await Task.sleep(for: Self.interval * 3)
        let lines = recorder.lines
        #expect(lines.last == "stop")
        #expect(lines.filter { $0 == "Painting" }.count >= 3)
        #expect(!Self.paintsAfterStop(lines))
        #expect(!isValid)
    }

    @MainActor @Test func modernStopFromOutsideRunsNoTickAfterStop() async throws {
        let recorder = Recorder()
        let (third, reached) = AsyncStream.makeStream(of: Void.self)
        let timer = Modern.StoppableTimer(every: Self.interval) { count in
            recorder.log("Painting")
            if count == 3 { reached.finish() }
        }
        timer.start()
        for await _ in third {}
        timer.stop()
        recorder.log("stop")
        #expect(!timer.isTicking)
        try await Task.sleep(for: Self.interval * 3)
        let lines = recorder.lines
        #expect(lines.last == "stop")
        #expect(lines.filter { $0 == "Painting" }.count >= 3)
        #expect(!Self.paintsAfterStop(lines))
    }

    @Test func legacyStopFromAnotherThreadIsOnlyARequest() async {
        // The first tick holds the timer's thread until another thread's `stop` has returned:
        // `stop` only posted the invalidation, which runs once the tick is over.
        let recorder = Recorder()
        let isValid = await onOwnThread {
            let inTick = DispatchSemaphore(value: 0)
            let stopReturned = DispatchSemaphore(value: 0)
            let timer = Legacy.StoppableTimer(every: Self.interval) { count, _ in
                recorder.log("Painting")
                if count == 1 {
                    inTick.signal()
                    stopReturned.wait()
                }
            }
            Thread {
                inTick.wait()
                timer.stop { recorder.log("invalidated") }
                recorder.log("stop returned")
                stopReturned.signal()
            }.start()
            timer.run()
            return timer.isValid
        }
        #expect(recorder.lines == ["Painting", "stop returned", "invalidated"])
        #expect(!isValid)
    }

    @Test func legacyStopWakesASleepingRunLoop() async {
        // A 10 s timer; the stop is posted while the run loop sleeps towards the first tick. Without
        // CFRunLoopWakeUp the posted block would wait for that tick, and the timer would fire once.
        let recorder = Recorder()
        await onOwnThread {
            let running = DispatchSemaphore(value: 0)
            let timer = Legacy.StoppableTimer(every: .seconds(10)) { _, _ in recorder.log("Painting") }
            RunLoop.current.perform { running.signal() }  // runs once the run loop is running
            Thread {
                running.wait()
                timer.stop { recorder.log("stop") }
            }.start()
            timer.run()
        }
        #expect(recorder.lines == ["stop"])
    }

    /// A stall of ten intervals (the main actor busy, the app suspended, a debugger pause) ticks
    /// once, then the next deadline is the first one still ahead, on the original grid. Without
    /// the skip, the loop would run through the nine missed deadlines back to back, each sleep
    /// returning at once.
    @MainActor @Test func aStallOfTenIntervalsTicksOnceThenKeepsThePace() async throws {
        let recorder = Recorder()
        let clock = ManualTestClock()
        let timer = Modern.StoppableTimer(every: .seconds(1), clock: clock) { count in
            recorder.log("tick \(count)")
        }
        timer.start()
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))  // the first deadline was at 1 s: ten intervals of stall
        try await clock.waitForSleepers(1)
        #expect(recorder.lines == ["tick 1"])
        #expect(clock.deadlines.map(\.offset) == [.seconds(1), .seconds(11)])
        timer.stop()
    }

    /// The ticker stream skips missed deadlines the same way: one tick for the stall.
    @Test func theTickerSkipsDeadlinesMissedDuringAStall() async throws {
        let clock = ManualTestClock()
        var ticks = Modern.StoppableTimer.ticks(every: .seconds(1), clock: clock).makeAsyncIterator()
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        #expect(await ticks.next() != nil)
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines.map(\.offset) == [.seconds(1), .seconds(11)])
    }
}
