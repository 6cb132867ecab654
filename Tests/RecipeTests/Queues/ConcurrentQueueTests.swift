import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct ConcurrentQueueTests {
    static let expected = (0..<8).map { "Job \($0) finished" }.sorted()

    @Test func legacyRunsEveryJobExactlyOnceBeforeTheGroupNotifies() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.ConcurrentQueue.runJobs(count: 8, log: recorder.logger) { done.resume() }
        }
        #expect(recorder.lines.sorted() == Self.expected)
    }

    @Test func modernRunsEveryJobExactlyOnceBeforeTheGroupReturns() async {
        let recorder = Recorder()
        await Modern.ConcurrentQueue.runJobs(count: 8, log: recorder.logger)
        #expect(recorder.lines.sorted() == Self.expected)
    }

    /// The side section's discarding group runs the same jobs, each once, before it returns.
    @Test func modernDiscardingGroupRunsEveryJobExactlyOnceBeforeItReturns() async {
        let recorder = Recorder()
        await Modern.ConcurrentQueue.runJobsDiscarding(count: 8, log: recorder.logger)
        #expect(recorder.lines.sorted() == Self.expected)
    }

    static let rendezvousLines = ["job B: sending the signal", "job A: got the signal while still in progress"]

    @Test func legacyJobsOverlapSoTheRendezvousSucceeds() async {
        let recorder = Recorder()
        let met = await withCheckedContinuation { done in
            Legacy.ConcurrentQueue.rendezvous(timeout: .seconds(5), log: recorder.logger) { done.resume(returning: $0) }
        }
        #expect(met)
        #expect(recorder.lines == Self.rendezvousLines)
    }

    @Test func modernChildTasksOverlapSoTheRendezvousSucceeds() async {
        let recorder = Recorder()
        #expect(await Modern.ConcurrentQueue.rendezvous(timeout: .seconds(5), log: recorder.logger))
        #expect(recorder.lines == Self.rendezvousLines)
    }
}
