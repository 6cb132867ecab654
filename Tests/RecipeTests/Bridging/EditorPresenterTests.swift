import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// A framework that calls a presenter synchronously and goes on with its answer: each form must
/// not let the framework write before the main actor (the main queue) has saved, and none may
/// deadlock when the framework calls on main.
@Suite(.timeLimit(.minutes(1))) struct EditorPresenterTests {
    /// What the framework and main log for `writes` writes: each write after its save.
    static func lines(_ writes: Int) -> [String] {
        (1...writes).flatMap { draft in
            [
                "framework: asks for unsaved changes", "main: saved draft \(draft)",
                "framework: writes draft \(draft)",
            ]
        }
    }

    static func legacyWrite(_ writes: Int, with presenter: any Legacy.ChangesPresenter, log: Recorder) async {
        await withCheckedContinuation { done in
            Legacy.SaveCoordinator(log: log.logger).write(writes, with: presenter) { done.resume() }
        }
    }

    static func legacyWrite(_ writes: Int, with presenter: any Legacy.SavingPresenter, log: Recorder) async {
        await withCheckedContinuation { done in
            Legacy.SaveCoordinator(log: log.logger).write(writes, with: presenter) { done.resume() }
        }
    }

    // MARK: The synchronous form

    @Test func legacyMainSyncFromTheFrameworksQueueWritesWhatMainSaved() async {
        let recorder = Recorder()
        let presenter = Legacy.EditorPresenter(editor: Legacy.Editor(log: recorder.logger))
        await Self.legacyWrite(2, with: presenter, log: recorder)
        #expect(recorder.lines == Self.lines(2))
    }

    @Test func modernPresenterOnTheMainQueueWritesWhatTheMainActorSaved() async {
        let recorder = Recorder()
        let presenter = Modern.EditorPresenter(editor: await Modern.Editor(log: recorder.logger))
        #expect(presenter.presenterQueue.label == DispatchQueue.main.label)
        await Modern.SaveCoordinator(log: recorder.logger).write(2, with: presenter)
        #expect(recorder.lines == Self.lines(2))
    }

    @Test func modernBlockingHopFromTheFrameworksQueueWritesWhatTheMainActorSaved() async {
        let recorder = Recorder()
        let presenter = Modern.BlockingEditorPresenter(
            editor: await Modern.Editor(log: recorder.logger), presenterQueue: DispatchQueue(label: "presenter"))
        await Modern.SaveCoordinator(log: recorder.logger).write(2, with: presenter)
        #expect(recorder.lines == Self.lines(2))
    }

    /// The framework calls on the main queue: the guarded hop runs inline where a plain
    /// `main.sync` would trap.
    @Test func legacyGuardedHopRunsInlineWhenTheFrameworkCallsOnMain() async {
        let recorder = Recorder()
        let presenter = Legacy.BlockingEditorPresenter(
            editor: Legacy.Editor(log: recorder.logger), presenterQueue: .main)
        await Self.legacyWrite(2, with: presenter, log: recorder)
        #expect(recorder.lines == Self.lines(2))
    }

    @Test func modernBlockingHopRunsInlineWhenTheFrameworkCallsOnMain() async {
        let recorder = Recorder()
        let presenter = Modern.BlockingEditorPresenter(
            editor: await Modern.Editor(log: recorder.logger), presenterQueue: .main)
        await Modern.SaveCoordinator(log: recorder.logger).write(2, with: presenter)
        #expect(recorder.lines == Self.lines(2))
    }

    /// The hop asks the queue, not the thread: in a main-queue block that another thread runs (Linux
    /// under Swift Testing), a `Thread.isMainThread` guard would say "not main" and `main.sync` onto
    /// the queue it is running on; the queue key runs the body inline.
    @Test func modernHopRunsInlineInAMainQueueBlockOffTheMainThread() async {
        let (value, onMainThread) = await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let value = Modern.MainSync.run { MainActor.assertIsolated(); return 42 }
                done.resume(returning: (value, Thread.isMainThread))
            }
        }
        #expect(value == 42)
        #if os(Linux)
            #expect(!onMainThread)
        #endif
    }

    @Test func modernHopFromTheFrameworksThreadWaitsForTheMainActor() async {
        let recorder = Recorder()
        let returned = await withCheckedContinuation { done in
            DispatchQueue(label: "framework").async {
                let value = Modern.MainSync.run {
                    recorder.log("main actor ran")
                    return "saved"
                }
                recorder.log("returned \(value)")
                done.resume(returning: value)
            }
        }
        #expect(returned == "saved")
        #expect(recorder.lines == ["main actor ran", "returned saved"])
    }

    // MARK: The completion-handler form

    @Test func legacyCompletionFormWritesInOrder() async {
        let recorder = Recorder()
        let presenter = Legacy.SavingEditorPresenter(
            editor: Legacy.Editor(log: recorder.logger), presenterQueue: DispatchQueue(label: "presenter"))
        await Self.legacyWrite(3, with: presenter, log: recorder)
        #expect(recorder.lines == Self.lines(3))
    }

    @Test func modernCompletionFormWritesInOrder() async {
        let recorder = Recorder()
        let presenter = Modern.SavingEditorPresenter(
            editor: await Modern.Editor(log: recorder.logger), presenterQueue: DispatchQueue(label: "presenter"))
        await Modern.SaveCoordinator(log: recorder.logger).write(3, with: presenter)
        #expect(recorder.lines == Self.lines(3))
    }

    @Test func modernCompletionFormWorksWhenTheFrameworkCallsOnMain() async {
        let recorder = Recorder()
        let presenter = Modern.SavingEditorPresenter(
            editor: await Modern.Editor(log: recorder.logger), presenterQueue: .main)
        await Modern.SaveCoordinator(log: recorder.logger).write(2, with: presenter)
        #expect(recorder.lines == Self.lines(2))
    }

    /// The declared difference: the callback returns before the main actor has saved; the framework
    /// waits for the completion instead, so the order it depends on is kept.
    @Test func modernCompletionCallbackReturnsBeforeTheMainActorSaves() async {
        let recorder = Recorder()
        let presenter = Modern.SavingEditorPresenter(
            editor: await Modern.Editor(log: recorder.logger), presenterQueue: DispatchQueue(label: "presenter"))
        await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                presenter.saveChanges { saved in
                    recorder.log("completion: \(saved)")
                    done.resume()
                }
                recorder.log("callback returned")
            }
        }
        #expect(recorder.lines == ["callback returned", "main: saved draft 1", "completion: draft 1"])
    }

    /// The synchronous form returns only after main has saved.
    @Test func legacySyncCallbackReturnsOnlyAfterMainHasSaved() async {
        let recorder = Recorder()
        let presenter = Legacy.EditorPresenter(editor: Legacy.Editor(log: recorder.logger))
        await withCheckedContinuation { done in
            DispatchQueue(label: "framework").async {
                recorder.log("callback returned \(presenter.unsavedChanges())")
                done.resume()
            }
        }
        #expect(recorder.lines == ["main: saved draft 1", "callback returned draft 1"])
    }

    // MARK: The naive main.sync, in a child process

    /// The framework calls on the main queue: the legacy `main.sync` inside the callback syncs onto
    /// the queue it is running on and traps before main saves; the modern presenter of the main
    /// queue writes.
    @Test func naiveMainSyncTrapsOnMainWhereTheMainQueuePresenterWrites() async {
        let scenario = "naive main.sync when the framework calls on main"
        let (legacy, legacyLines) = await ChildProcess.run(
            arguments: ["--demo", "sync-callback-needs-main", scenario, "legacy", "--pace", "test"],
            timeout: .seconds(20), crashReport: true)
        #if os(Linux)
            #expect(legacy == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: legacy))
        #endif
        #expect(legacyLines.first == "framework: asks for unsaved changes")
        #expect(!legacyLines.contains { $0.hasPrefix("main: saved") })
        if CrashReport.isAvailable {
            #expect(legacyLines.contains { $0.contains("__DISPATCH_WAIT_FOR_QUEUE__ in libdispatch.so") })
        }
        let (modern, modernLines) = await ChildProcess.run(
            arguments: ["--demo", "sync-callback-needs-main", scenario, "modern", "--pace", "test"],
            timeout: .seconds(20))
        #expect(modern == .finished(status: 0))
        #expect(modernLines == Self.lines(1))
    }
}
