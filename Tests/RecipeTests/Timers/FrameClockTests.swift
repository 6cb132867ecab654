import Modern
import RecipeKit
import Testing

/// The `frame-clock` note's Modern code runs here too: a deadline ticker on the main actor.
@Suite(.serialized, .timeLimit(.minutes(1))) struct FrameClockTests {
    @Test @MainActor func framesComeInOrderAtLeastAnIntervalApartUntilFrameSaysStop() async throws {
        var elapsed: [Duration] = []
        try await runFrames(every: .milliseconds(2)) { time in
            elapsed.append(time)
            return elapsed.count < 5
        }
        #expect(elapsed.count == 5)
        for (index, time) in elapsed.enumerated() {
            // Frame n comes no earlier than its deadline, n intervals after the start.
            #expect(time >= .milliseconds(2 * (index + 1)))
        }
        #expect(elapsed == elapsed.sorted())
    }

    @Test @MainActor func cancellingTheTaskEndsTheClockWithCancellationError() async throws {
        let clock = Task { @MainActor in
            try await runFrames(every: .milliseconds(1)) { _ in true }
        }
        clock.cancel()
        await #expect(throws: CancellationError.self) { try await clock.value }
    }

    /// The sleep ends while the main actor is busy, and the main actor then stops the clock before
    /// the loop gets it back: the check after the sleep, on the main actor, draws no frame.
    @Test @MainActor func aStopAfterASleepEndedDrawsNoFrame() async throws {
        let clock = ManualTestClock()
        let recorder = Recorder()
        let frames = Task { @MainActor in
            try await runFrames(every: .seconds(1), clock: clock) { _ in
                recorder.log("frame")
                return true
            }
        }
        try await clock.waitForSleepers(1)
        let woke = clock.signal(afterWakeUps: 1)
        clock.advance(by: .seconds(1))
        woke.wait()  // the main actor stays busy until the sleep has returned
        frames.cancel()  // on the main actor, before the loop gets it back
        let result = await frames.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(recorder.lines.isEmpty)
    }
}
