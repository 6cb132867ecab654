import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct SubmissionOrderTests {
    @Test func legacySyncLogsFirstThenSecond() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.SubmissionOrder.logSync(log: recorder.logger) }
        #expect(recorder.lines == ["First Log", "Second Log"])
    }

    @Test func modernAwaitLogsFirstThenSecond() async {
        let recorder = Recorder()
        await Modern.SubmissionOrder.logAwaiting(log: recorder.logger)
        #expect(recorder.lines == ["First Log", "Second Log"])
    }

    @Test func legacyAsyncOntoASuspendedQueueLogsSecondFirst() async {
        let recorder = Recorder()
        let queue = DispatchQueue(label: "test.gate", target: .global(qos: .userInteractive))
        queue.suspend()
        await withCheckedContinuation { done in
            Legacy.SubmissionOrder.logAsync(on: queue, log: recorder.logger) { done.resume() }
            #expect(recorder.lines == ["Second Log"])
            queue.resume()
        }
        #expect(recorder.lines == ["Second Log", "First Log"])
    }

    @Test func modernTaskBehindAGateLogsSecondFirst() async {
        let recorder = Recorder()
        let gate = AsyncStream.makeStream(of: Void.self)
        let task = Modern.SubmissionOrder.logInTask(log: recorder.logger) {
            for await _ in gate.stream { break }
        }
        #expect(recorder.lines == ["Second Log"])
        gate.continuation.yield()
        await task.value
        #expect(recorder.lines == ["Second Log", "First Log"])
    }

    @Test func ungatedAsyncLogsBothLinesInSomeOrder() async {
        let legacy = Recorder()
        await withCheckedContinuation { done in
            Legacy.SubmissionOrder.logAsync(log: legacy.logger) { done.resume() }
        }
        let modern = Recorder()
        await Modern.SubmissionOrder.logInTask(log: modern.logger).value
        #expect(legacy.lines.sorted() == ["First Log", "Second Log"])
        #expect(modern.lines.sorted() == ["First Log", "Second Log"])
    }

    @Test func legacyAsyncToMainFromMainRunsAfterTheCurrentBlock() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                Legacy.SubmissionOrder.logAsyncOnMain(log: recorder.logger) { done.resume() }
            }
        }
        #expect(recorder.lines == ["Second Log", "First Log"])
    }

    @Test func modernTaskCreatedOnTheMainActorRunsAfterTheCurrentCode() async {
        let recorder = Recorder()
        await Modern.SubmissionOrder.logInMainActorTask(log: recorder.logger).value
        #expect(recorder.lines == ["Second Log", "First Log"])
    }

    @Test func immediateTaskRunsTheBodyBeforeReturning() async {
        let recorder = Recorder()
        let task = Modern.SubmissionOrder.logInImmediateTask(log: recorder.logger)
        // Nothing has been awaited yet: the body already ran, on this task, before "Second Log".
        #expect(recorder.lines == ["First Log", "Second Log"])
        await task.value
        #expect(recorder.lines == ["First Log", "Second Log"])
    }

    @Test @MainActor func immediateTaskRunsTheBodyBeforeReturningOnTheMainActor() async {
        let recorder = Recorder()
        let task = Task.immediate { @MainActor in recorder.log("body") }
        recorder.log("after")
        #expect(recorder.lines == ["body", "after"])
        await task.value
    }

    @Test func immediateTaskReturnsAtItsFirstSuspension() async {
        let recorder = Recorder()
        let gate = AsyncStream.makeStream(of: Void.self)
        let task = Task.immediate {
            recorder.log("body starts")
            for await _ in gate.stream { break }
            recorder.log("body ends")
        }
        recorder.log("caller continues")
        #expect(recorder.lines == ["body starts", "caller continues"])
        gate.continuation.yield()
        await task.value
        #expect(recorder.lines == ["body starts", "caller continues", "body ends"])
    }

    @Test func legacySyncWaitsForTheWholeBlock() async {
        let recorder = Recorder()
        await onOwnThread {
            DispatchQueue.global().sync {
                recorder.log("block starts")
                // The block waits for other work; the caller waits with it.
                let signal = DispatchSemaphore(value: 0)
                DispatchQueue.global().async { signal.signal() }
                signal.wait()
                recorder.log("block ends")
            }
            recorder.log("caller continues")
        }
        #expect(recorder.lines == ["block starts", "block ends", "caller continues"])
    }
}
