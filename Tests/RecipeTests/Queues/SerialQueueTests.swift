import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct SerialQueueTests {
    static let expected =
        (0..<5).map { "First iteration, counter = \($0)" }
        + (0..<5).map { "Second iteration, counter = \($0)" }
        + (0..<5).map { "Third iteration, counter = \($0)" }

    @Test func legacyRunsTheThreeJobsInSubmissionOrder() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.SerialQueue.countThreeTimes(log: recorder.logger) { done.resume() }
        }
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernRunsTheThreeJobsInSubmissionOrder() async {
        let recorder = Recorder()
        await Modern.SerialQueue.countThreeTimes(log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func neitherSideEverRunsTwoJobsAtOnce() async {
        let legacy = await withCheckedContinuation { done in
            Legacy.SerialQueue.maxInFlight(jobs: 20) { done.resume(returning: $0) }
        }
        #expect(legacy == 1)
        #expect(await Modern.SerialQueue.maxInFlight(jobs: 20) == 1)
    }

    @Test func modernSubmitReturnsBeforeTheJobRuns() async {
        let recorder = Recorder()
        let queue = Modern.SerialQueue()
        let gate = AsyncStream.makeStream(of: Void.self)
        queue.async {
            for await _ in gate.stream { break }
            recorder.log("job")
        }
        recorder.log("submitted")
        gate.continuation.yield()
        await queue.drain()
        #expect(recorder.lines == ["submitted", "job"])
    }
}
