import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct SerialQueueTests {
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

    /// The declared priority loss: the worker is created once, so a job submitted from a `.high`
    /// task to a queue made in a `.low` one runs at `.low` (nobody awaits the worker here).
    @Test func modernJobsRunAtTheWorkersPriorityNotTheSubmitters() async {
        let queue = await Task(priority: .low) { Modern.SerialQueue() }.value
        let seen = await Task(priority: .high) {
            await withCheckedContinuation { done in
                queue.async { done.resume(returning: Task.currentPriority) }
            }
        }.value
        #expect(seen == .low)
        await queue.drain()
    }

    /// The remedy: the queue's priority, given once, is every job's.
    @Test func modernQueueCreatedWithAPriorityRunsItsJobsAtIt() async {
        let queue = await Task(priority: .low) { Modern.SerialQueue(priority: .high) }.value
        let seen = await Task(priority: .low) {
            await withCheckedContinuation { done in
                queue.async { done.resume(returning: Task.currentPriority) }
            }
        }.value
        #expect(seen == .high)
        await queue.drain()
    }
}
