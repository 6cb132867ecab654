import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct OneShotTimerTests {
    static let delay = Duration.milliseconds(20)

    @Test func legacyTimerFiresOnceAfterTheDelayAndInvalidatesItself() async throws {
        let recorder = Recorder()
        let stamps = TickerTimestamps()
        let start = ContinuousClock.now
        let validAfterFiring = await onOwnThread {
            let timer = Legacy.OneShotTimer.paintOnce(after: Self.delay) { line in
                stamps.stamp()
                recorder.log(line)
            }
            let valid = timer.isValid
            // Keep the run loop running for three more delays: a second fire would be logged.
            let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
            RunLoop.current.add(keepAlive, forMode: .default)
            RunLoop.current.run(until: Date(timeIntervalSinceNow: Self.delay / .seconds(1) * 3))
            keepAlive.invalidate()
            return valid
        }
        #expect(recorder.lines == ["Painting"])
        #expect(!validAfterFiring)
        #expect(try #require(stamps.all.first) >= start + Self.delay)
    }

    @Test func legacyDispatchSourceFiresOnceAfterTheDelay() async throws {
        let recorder = Recorder()
        let stamps = TickerTimestamps()
        let start = ContinuousClock.now
        await withCheckedContinuation { done in
            Legacy.OneShotTimer.paintOnceWithSource(after: Self.delay) { line in
                stamps.stamp()
                recorder.log(line)
            } completion: {
                done.resume()
            }
        }
        try await Task.sleep(for: Self.delay * 3)
        #expect(recorder.lines == ["Painting"])
        #expect(try #require(stamps.all.first) >= start + Self.delay)
    }

    @Test func modernPaintsOnceAfterTheDelay() async throws {
        let recorder = Recorder()
        let stamps = TickerTimestamps()
        let start = ContinuousClock.now
        try await Modern.OneShotTimer.paintOnce(after: Self.delay) { line in
            stamps.stamp()
            recorder.log(line)
        }
        try await Task.sleep(for: Self.delay * 3)
        #expect(recorder.lines == ["Painting"])
        #expect(try #require(stamps.all.first) >= start + Self.delay)
    }

    @Test func modernSleepsOnTheInjectedClock() async throws {
        let clock = TickerTestClock()
        let recorder = Recorder()
        try await Modern.OneShotTimer.paintOnce(after: .seconds(3600), clock: clock, log: recorder.logger)
        #expect(recorder.lines == ["Painting"])
        #expect(clock.deadlines == [TickerTestClock.Instant(offset: .seconds(3600))])
    }

    @Test func modernCancelledBeforeTheDeadlineNeverPaints() async {
        let recorder = Recorder()
        let task = Task {
            try await Modern.OneShotTimer.paintOnce(after: .seconds(3600), log: recorder.logger)
        }
        task.cancel()  // the sleep throws at once instead of waiting out the hour
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(recorder.lines.isEmpty)
    }

    /// The sleep ends while the main actor is busy, and the main actor then cancels the task
    /// before it gets the main actor back: the check after the sleep, in the caller's isolation,
    /// stops the paint, as `invalidate()` on the timer's thread stops a timer that has not fired.
    @MainActor @Test func aCancelOnTheMainActorAfterTheSleepEndedStillStopsThePaint() async throws {
        let clock = ManualTestClock()
        let recorder = Recorder()
        let task = Task { @MainActor in
            try await Modern.OneShotTimer.paintOnce(after: .seconds(1), clock: clock, log: recorder.logger)
        }
        try await clock.waitForSleepers(1)
        let woke = clock.signal(afterWakeUps: 1)
        clock.advance(by: .seconds(1))
        woke.wait()  // the main actor stays busy until the sleep has returned
        task.cancel()  // on the main actor, before the task gets it back
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(recorder.lines.isEmpty)
    }
}
