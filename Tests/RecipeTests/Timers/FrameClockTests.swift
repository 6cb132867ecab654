import Modern
import Testing

/// The `frame-clock` note's Modern code runs here too: a deadline ticker on the main actor.
@Suite struct FrameClockTests {
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
}
