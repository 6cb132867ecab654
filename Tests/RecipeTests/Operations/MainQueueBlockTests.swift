import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct MainQueueBlockTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func legacyShow(_ recorder: Recorder) -> @Sendable (String) -> Void {
        { line in
            MainActor.assertIsolated()
            recorder.log(line)
        }
    }

    static let three = ["block 1", "block 2", "block 3"]

    @Test(arguments: Side.allCases)
    func threeBlocksRunOnceEachInPostOrder(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                DispatchQueue.global().async {
                    Legacy.MainQueueBlock.postThree(show: Self.legacyShow(recorder))
                    OperationQueue.main.addOperation { done.resume() }
                }
            }
        case .modern:
            let tasks = await Task.detached {
                Modern.MainQueueBlock.postThree { @MainActor line in
                    MainActor.assertIsolated()
                    recorder.log(line)
                }
            }.value
            for task in tasks { await task.value }
        }
        #expect(recorder.lines == Self.three)
    }

    @Test(arguments: Side.allCases)
    func postedFromMainTheBlocksRunAfterThePosterReturns(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                DispatchQueue.main.async {
                    Legacy.MainQueueBlock.postThreeThenReturn(
                        show: Self.legacyShow(recorder), log: recorder.logger
                    ) { done.resume() }
                }
            }
        case .modern:
            let tasks = await MainActor.run {
                Modern.MainQueueBlock.postThreeThenReturn(
                    show: { @MainActor in recorder.log($0) }, log: recorder.logger)
            }
            for task in tasks { await task.value }
        }
        #expect(recorder.lines == ["posted"] + Self.three)
    }

    @Test func legacyBlocksRunOffTheMainThreadOnLinux() async {
        let onMainThread = await withCheckedContinuation { done in
            OperationQueue.main.addOperation {
                MainActor.assertIsolated()
                done.resume(returning: Thread.isMainThread)
            }
        }
        #if os(Linux)
            #expect(!onMainThread)
        #else
            _ = onMainThread
        #endif
    }

    /// The declared difference, legacy half: `cancel()` before the main queue gets to the
    /// operation skips its block, and the operation still finishes.
    @Test func legacyCancelledOperationNeverRunsItsBlock() async {
        let recorder = Recorder()
        let operation = await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                let operation = Legacy.MainQueueBlock.postCancellable(show: Self.legacyShow(recorder))
                operation.cancel()
                OperationQueue.main.addOperation { done.resume(returning: operation) }
            }
        }
        #expect(recorder.lines.isEmpty)
        #expect(operation.isCancelled && operation.isFinished)
    }

    /// The declared difference, modern half: a task cancelled before the main actor gets to it
    /// still runs its body, with `Task.isCancelled` set; only the body's check keeps it quiet.
    @Test func modernCancelledTaskStillRunsItsBody() async {
        let recorder = Recorder()
        let unchecked = await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                let task = Task { @MainActor in recorder.log("body ran, cancelled: \(Task.isCancelled)") }
                task.cancel()
                done.resume(returning: task)
            }
        }
        await unchecked.value
        let checked = await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                let task = Modern.MainQueueBlock.postCancellable { @MainActor in recorder.log($0) }
                task.cancel()
                done.resume(returning: task)
            }
        }
        await checked.value
        #expect(recorder.lines == ["body ran, cancelled: true"])
    }
}
