import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct RepeatingTimerTests {
    static let interval = Duration.milliseconds(10)
    static let painting = ["start"] + Array(repeating: "Painting", count: 5) + ["stop"]
    static let timeFlies = ["start"] + Array(repeating: "Time flies.", count: 5) + ["stop"]

    @Test func legacyTimerPaintsFiveTimesThenStops() async throws {
        let recorder = Recorder()
        await onOwnThread {
            Legacy.RepeatingTimer.paint(times: 5, every: Self.interval, log: recorder.logger)
        }
        try await Task.sleep(for: Self.interval * 3)  // no tick may follow "stop"
        #expect(recorder.lines == Self.painting)
    }

    @Test func legacyDispatchSourceFiresFiveTimesThenIsCancelled() async throws {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.RepeatingTimer.timeFlies(
                times: 5,
                every: Self.interval,
                leeway: .milliseconds(1),
                log: recorder.logger
            ) { done.resume() }
        }
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.timeFlies)
    }

    @Test func modernTickerPaintsFiveTimesThenStops() async throws {
        let recorder = Recorder()
        await Modern.RepeatingTimer.paint(times: 5, every: Self.interval, log: recorder.logger)
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.painting)
    }

    @Test func modernTimeFliesFiveTimesThenStops() async throws {
        let recorder = Recorder()
        await Modern.RepeatingTimer.timeFlies(
            times: 5,
            every: Self.interval,
            leeway: .milliseconds(1),
            log: recorder.logger
        )
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines == Self.timeFlies)
    }

    @Test func modernTickerSleepsUntilDeadlinesSoLateWakeUpsDoNotDrift() async {
        let clock = TickerTestClock(lateness: .milliseconds(3))  // every wake-up is 3 ms late
        let start = clock.now
        var ticks = 0
        for await _ in Modern.RepeatingTimer.ticks(every: Self.interval, clock: clock) {
            ticks += 1
            if ticks == 5 { break }
        }
        // Sleeping *for* the interval would ask for start + 10, + 23, + 36 ms…; deadlines don't move.
        let expected = (1...5).map { start.advanced(by: Self.interval * $0) }
        #expect(Array(clock.deadlines.prefix(5)) == expected)
    }

    @Test func modernNthTickComesNoEarlierThanStartPlusNIntervals() async {
        let clock = ContinuousClock()
        let start = clock.now
        var arrivals: [ContinuousClock.Instant] = []
        for await _ in Modern.RepeatingTimer.ticks(every: Self.interval, clock: clock) {
            arrivals.append(clock.now)
            if arrivals.count == 5 { break }
        }
        for (index, arrival) in arrivals.enumerated() {
            #expect(arrival >= start + Self.interval * (index + 1))
        }
    }

    @Test func legacyDispatchSourceEventsComeNoEarlierThanStartPlusNIntervals() async {
        let start = ContinuousClock.now
        let stamps = TickerTimestamps()
        await withCheckedContinuation { done in
            Legacy.RepeatingTimer.timeFlies(times: 5, every: Self.interval, leeway: .zero) { line in
                if line == "Time flies." { stamps.stamp() }
            } completion: {
                done.resume()
            }
        }
        #expect(stamps.all.count == 5)
        for (index, arrival) in stamps.all.enumerated() {
            #expect(arrival >= start + Self.interval * (index + 1))
        }
    }

    /// The sleep ends while the main actor is busy, and the main actor then stops the painter
    /// before the painting task gets it back: the check after the sleep, on the main actor, keeps
    /// that tick from painting.
    @MainActor @Test func modernStopAfterASleepEndedPaintsNothing() async throws {
        let recorder = Recorder()
        let clock = ManualTestClock()
        let painter = Modern.RepeatingTimer(every: .seconds(1), clock: clock, log: recorder.logger)
        painter.startPainting()
        try await clock.waitForSleepers(1)
        let woke = clock.signal(afterWakeUps: 1)
        clock.advance(by: .seconds(1))
        woke.wait()  // the main actor stays busy until the sleep has returned
        painter.stopPainting()
        try await clock.waitForSleepers(0)
        for _ in 0..<100 { await Task.yield() }  // a paint would have had its turn by now
        #expect(recorder.lines.isEmpty)
        #expect(clock.deadlines.count == 1)  // and the loop ended: no second sleep
    }

    /// A stall of ten intervals (the main actor busy, the app suspended, a debugger pause) paints
    /// once, then the next deadline is the first one still ahead, on the original grid, as
    /// `Timer` and a dispatch timer source coalesce the fires they missed. Without the skip, the
    /// loop would run through the nine missed deadlines back to back, each sleep returning at
    /// once.
    @MainActor @Test func aStallOfTenIntervalsPaintsOnceThenKeepsThePace() async throws {
        let recorder = Recorder()
        let clock = ManualTestClock()
        let painter = Modern.RepeatingTimer(every: .seconds(1), clock: clock, log: recorder.logger)
        painter.startPainting()
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))  // the first deadline was at 1 s: ten intervals of stall
        try await clock.waitForSleepers(1)
        #expect(recorder.lines == ["Painting"])
        #expect(clock.deadlines.map(\.offset) == [.seconds(1), .seconds(11)])
        clock.advance(by: .seconds(1))
        try await clock.waitForSleepers(1)
        #expect(recorder.lines == ["Painting", "Painting"])
        #expect(clock.deadlines.last?.offset == .seconds(12))
        painter.stopPainting()
    }

    /// The ticker stream skips missed deadlines the same way: one tick for the stall.
    @Test func theTickerSkipsDeadlinesMissedDuringAStall() async throws {
        let clock = ManualTestClock()
        var ticks = Modern.RepeatingTimer.ticks(every: .seconds(1), clock: clock).makeAsyncIterator()
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(10))
        #expect(await ticks.next() != nil)
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines.map(\.offset) == [.seconds(1), .seconds(11)])
    }

    /// A dispatch timer source whose queue is busy for ten intervals runs its handler once for
    /// the fires it missed, and `data` counts them.
    @Test func legacyDispatchSourceCoalescesTheFiresMissedDuringAStall() async {
        let (calls, call) = AsyncStream.makeStream(of: UInt.self)
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "stalled-source"))
        let handled = Locked(0)
        source.setEventHandler {
            let count = handled.withLock { count in
                count += 1
                return count
            }
            call.yield(source.data)
            if count == 1 { Thread.sleep(forTimeInterval: 0.1) }  // the queue stalls: ten intervals
            if count == 2 {
                source.cancel()
                call.finish()
            }
        }
        source.schedule(deadline: .now() + .milliseconds(10), repeating: .milliseconds(10), leeway: .nanoseconds(0))
        source.resume()
        var data: [UInt] = []
        for await value in calls { data.append(value) }
        #expect(data.count == 2)
        #expect(data[0] == 1)
        #expect(data[1] >= 9)  // one handler call for the fires missed during the stall
    }

    @Test func anAsyncStreamStillDeliversATickBufferedBeforeItsConsumerWasCancelled() async {
        let (ticks, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.yield(1)
        continuation.yield(2)  // both buffered: nobody is waiting yet
        let consumer = Task {
            var received: [Int] = []
            for await tick in ticks {
                received.append(tick)
                withUnsafeCurrentTask { $0?.cancel() }  // stop after the first tick
            }
            return received
        }
        // The second tick arrives after the cancellation; a paint guarded by `Task.isCancelled`
        // skips it.
        #expect(await consumer.value == [1, 2])
    }

    @Test func legacyStartingTwiceSchedulesOneTimer() async {
        let recorder = Recorder()
        await onOwnThread {
            let painter = Legacy.RepeatingTimer(every: Self.interval, log: recorder.logger)
            painter.onPaint = { [unowned painter] paints in
                if paints == 2 {
                    painter.stopPainting()
                    recorder.log("stop")
                }
            }
            painter.startPainting()
            painter.startPainting()
            let stopped = eventuallyOnThisThread {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
                return !painter.isPainting
            }
            if !stopped { recorder.log("never stopped painting") }
            // A leaked second timer would still be scheduled, and fire here.
            RunLoop.current.run(until: Date(timeIntervalSinceNow: Self.interval / .seconds(1) * 3))
        }
        #expect(recorder.lines == ["Painting", "Painting", "stop"])
    }

    @MainActor @Test func modernStartingTwiceStartsOneTicker() async throws {
        let recorder = Recorder()
        let painter = Modern.RepeatingTimer(every: Self.interval, log: recorder.logger)
        let (second, reached) = AsyncStream.makeStream(of: Void.self)
        painter.onPaint = { [unowned painter] paints in
            if paints == 2 {
                painter.stopPainting()
                recorder.log("stop")
                reached.finish()
            }
        }
        painter.startPainting()
        painter.startPainting()
        for await _ in second {}
        try await Task.sleep(for: Self.interval * 3)  // an orphaned second task would still paint here
        #expect(recorder.lines == ["Painting", "Painting", "stop"])
        #expect(!painter.isPainting)
    }

    @Test func aDispatchTimerSourceDoesNothingUntilResumed() async throws {
        let recorder = Recorder()
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "suspended-source"))
        source.setEventHandler { recorder.log("Time flies.") }
        source.schedule(deadline: .now(), repeating: .milliseconds(10))
        try await Task.sleep(for: Self.interval * 3)
        #expect(recorder.lines.isEmpty)
        source.cancel()
        source.resume()  // a suspended source must be resumed before it is released
    }
}
