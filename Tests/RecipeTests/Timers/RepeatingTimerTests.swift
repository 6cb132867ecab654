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

    @MainActor @Test func modernStopPaintsNoTickThatWasAlreadyBuffered() async {
        // On a clock that never waits, the fifth paint holds the main actor until the producer
        // has yielded another tick into the stream (two more sleeps asked for), then stops.
        let recorder = Recorder()
        let clock = TickerTestClock()
        let painter = Modern.RepeatingTimer(every: Self.interval, clock: clock, log: recorder.logger)
        let (fifth, reached) = AsyncStream.makeStream(of: Void.self)
        painter.onPaint = { [unowned painter] paints in
            if paints == 5 {
                clock.signal(afterSleep: clock.deadlines.count + 2).wait()
                painter.stopPainting()
                recorder.log("stop")
                reached.finish()
            }
        }
        painter.startPainting()
        for await _ in fifth {}
        await Task.yield()
        #expect(recorder.lines == Array(repeating: "Painting", count: 5) + ["stop"])
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
            while painter.isPainting {
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
            }
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
