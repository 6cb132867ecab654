import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct MainHopTests {
    @Test func legacyFromTheMainQueueRunsTheBlockInline() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                Legacy.MainHop.runThenContinue(log: recorder.logger) { done.resume() }
            }
        }
        #expect(recorder.lines == ["ran", "after"])
    }

    @Test func modernFromTheMainActorRunsTheBodyInline() async {
        let recorder = Recorder()
        await MainActor.run { Modern.MainHop.runThenContinue(log: recorder.logger) }.value
        #expect(recorder.lines == ["ran", "after"])
    }

    @Test func legacyFromBackgroundRunsTheBlockLaterOnTheMainQueue() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                Legacy.MainHop.runOnMain { sink.showFromMainQueue("ran") }
                recorder.log("after")
                DispatchQueue.main.async { done.resume() }
            }
        }
        #expect(recorder.lines == ["after", "ran"])
    }

    @Test func modernFromBackgroundRunsTheBodyLaterOnTheMainActor() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        let task = await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                let task = Modern.MainHop.runOnMain { sink.show("ran") }
                recorder.log("after")
                done.resume(returning: task)
            }
        }
        await task.value
        #expect(recorder.lines == ["after", "ran"])
    }

    @Test func legacyBlocksSentFromOneThreadKeepTheirOrder() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.MainHop.runThree(log: recorder.logger) { done.resume() }
        }
        #expect(recorder.lines == ["block 1", "block 2", "block 3"])
    }

    @Test func modernClosuresSentFromOneContextKeepTheirOrder() async {
        let recorder = Recorder()
        for task in Modern.MainHop.runThree(log: recorder.logger) { await task.value }
        #expect(recorder.lines == ["block 1", "block 2", "block 3"])
    }

    @Test func legacyMainQueueKeyIsFoundOnlyOnTheMainQueue() async {
        let onMain = await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume(returning: Legacy.MainHop.isOnMainQueue) }
        }
        let onGlobal = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: Legacy.MainHop.isOnMainQueue) }
        }
        #expect(onMain)
        #expect(!onGlobal)
    }

    /// The declared difference: asked from a main-queue block, the thread check says "not main"
    /// wherever the main queue runs off the main thread (Linux under Swift Testing), and posts.
    @Test func threadCheckPostsFromTheMainQueueOnLinux() async {
        let recorder = Recorder()
        let onMainThread = await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let onMainThread = Thread.isMainThread
                Legacy.MainHop.runThenContinueCheckingThread(log: recorder.logger) {
                    done.resume(returning: onMainThread)
                }
            }
        }
        #if os(Linux)
            #expect(!onMainThread)
        #endif
        #expect(recorder.lines == (onMainThread ? ["ran", "after"] : ["after", "ran"]))
    }

    /// Outside a task, `Task.immediate` finds the main actor by the thread: from a main-queue block
    /// that another thread runs (Linux under Swift Testing) it enqueues the body; on the main
    /// thread it would run it inline.
    @Test func modernRunOnMainFromALegacyMainQueueBlockIsEnqueued() async {
        let recorder = Recorder()
        let (task, onMainThread) = await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let onMainThread = Thread.isMainThread
                done.resume(returning: (Modern.MainHop.runThenContinue(log: recorder.logger), onMainThread))
            }
        }
        await task.value
        #if os(Linux)
            #expect(!onMainThread)
        #endif
        #expect(recorder.lines == (onMainThread ? ["ran", "after"] : ["after", "ran"]))
    }

    @Test func assumeIsolatedWorksInALegacyMainQueueBlock() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { recorder.log("isolated") }
                recorder.log("after")
                done.resume()
            }
        }
        #expect(recorder.lines == ["isolated", "after"])
    }
}
