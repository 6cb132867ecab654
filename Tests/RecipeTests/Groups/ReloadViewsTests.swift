import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ReloadViewsTests {
    static let finished = "Finished: All tasks are finished"
    static let expected = ["reloadTableView", "reloadScrollView", "reloadImageView", finished]

    @Test func legacyMainQueueFormReloadsInOrderThenFinishesOnMain() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        await withCheckedContinuation { done in
            Legacy.ReloadViews.reloadOnMainQueue(show: { sink.showFromMainQueue($0) }) { done.resume() }
        }
        #expect(recorder.lines == Self.expected)
    }

    @Test func legacyOneBlockFormGivesTheSameFourLines() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        await withCheckedContinuation { done in
            Legacy.ReloadViews.reloadInOneBlock(show: { sink.showFromMainQueue($0) }) { done.resume() }
        }
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernMainActorFormReloadsInOrderThenFinishes() async {
        let recorder = Recorder()
        let sink = UISink(log: recorder.logger)
        await Modern.ReloadViews.reloadOnMainActor { sink.show($0) }
        #expect(recorder.lines == Self.expected)
    }

    @Test(arguments: 0..<5)
    func legacyBackgroundFormFinishesLast(_ run: Int) async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.ReloadViews.reloadInBackground(log: recorder.logger) {
                dispatchPrecondition(condition: .onQueue(.main))
                done.resume()
            }
        }
        #expect(recorder.lines.sorted() == Self.expected.sorted())
        #expect(recorder.lines.last == Self.finished)
    }

    @Test(arguments: 0..<5)
    func modernBackgroundFormFinishesLast(_ run: Int) async {
        let recorder = Recorder()
        await Modern.ReloadViews.reloadInBackground(log: recorder.logger)
        #expect(recorder.lines.sorted() == Self.expected.sorted())
        #expect(recorder.lines.last == Self.finished)
    }

    @MainActor @Test func legacyReturnsBeforeTheFirstReload() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.ReloadViews.reloadOnMainQueue(show: recorder.logger) { done.resume() }
            recorder.log("returned")
        }
        #expect(recorder.lines == ["returned"] + Self.expected)
    }

    @MainActor @Test func modernReturnsAfterTheAlert() {
        let recorder = Recorder()
        Modern.ReloadViews.reloadOnMainActor { recorder.log($0) }
        recorder.log("returned")
        #expect(recorder.lines == Self.expected + ["returned"])
    }

    @Test func legacyMissingLeaveNeverNotifies() async throws {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.ReloadViews.forgetToLeave(log: recorder.logger) { recorder.log("notified") }
            DispatchQueue.main.async { done.resume() }  // queued after the three reload blocks
        }
        // Give a notify every chance to arrive: it must not, within many times the work's length.
        try await Task.sleep(for: .milliseconds(50))
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }
        #expect(recorder.lines == ["reloadTableView", "reloadScrollView"])
    }
}
