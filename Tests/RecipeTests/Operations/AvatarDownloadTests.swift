import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct AvatarDownloadTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let url = URL(string: Legacy.AvatarDownload.kURL)!
    static let image = Data(repeating: 7, count: 512)

    /// Runs one side's `viewDidLoad` from main with a fake loader, and returns the transcript.
    static func run(_ side: Side, failing: Bool) async -> [String] {
        let recorder = Recorder()
        let loader = FakeLoader(
            responses: [url: image], failing: failing ? [url] : [], latency: .milliseconds(2))
        switch side {
        case .legacy:
            let controller = Legacy.AvatarDownload(
                load: { try loader.loadBlocking($0) },
                show: { line in
                    MainActor.assertIsolated()
                    recorder.log(line)
                },
                log: recorder.logger)
            await withCheckedContinuation { done in
                DispatchQueue.main.async { controller.viewDidLoad { done.resume() } }
            }
        case .modern:
            let loading = await MainActor.run {
                Modern.AvatarDownload(
                    load: { try await loader.load($0) },
                    show: { @MainActor line in
                        MainActor.assertIsolated()
                        recorder.log(line)
                    },
                    log: recorder.logger
                ).viewDidLoad()
            }
            await loading.value
        }
        #expect(loader.requests == [url])
        return recorder.lines
    }

    @Test(arguments: Side.allCases)
    func theOperationGoesOnOnlyAfterTheUIUpdate(_ side: Side) async {
        let lines = await Self.run(side, failing: false)
        #expect(
            lines == [
                "url:http://avatar.csdn.net/2/C/D/1_totogo2010.jpg", "UI updated (512 bytes)", "operation done",
            ])
    }

    @Test(arguments: Side.allCases)
    func aFailedDownloadShowsNothing(_ side: Side) async {
        let lines = await Self.run(side, failing: true)
        #expect(
            lines == [
                "url:http://avatar.csdn.net/2/C/D/1_totogo2010.jpg",
                "no image: failed to load http://avatar.csdn.net/2/C/D/1_totogo2010.jpg",
                "operation done",
            ])
    }

    /// Where `DispatchQueue.main.sync` from main traps (`sync-deadlock`), awaiting the main actor
    /// from the main actor just runs the closure.
    @Test @MainActor func awaitMainActorRunFromTheMainActorJustRuns() async {
        let recorder = Recorder()
        recorder.log("before")
        await MainActor.run { recorder.log("inside") }
        recorder.log("after")
        #expect(recorder.lines == ["before", "inside", "after"])
    }

    /// The view's model, made on the main actor, with a recorder for what it logged and showed.
    @MainActor
    static func model(load: @escaping @Sendable (URL) async throws -> Data) -> (Modern.AvatarDownload, Recorder) {
        let recorder = Recorder()
        let model = Modern.AvatarDownload(load: load, show: { recorder.log($0) }, log: recorder.logger)
        return (model, recorder)
    }

    /// A cancel while the load runs, and ignores it (a wrapped `Data(contentsOf:)`), leaves the UI
    /// alone: the update checks on main before it shows. Before that check the image went on screen
    /// after the view had cancelled.
    @MainActor
    @Test func modernCancelledWhileLoadingLeavesTheUIAlone() async {
        let release = Latch()
        let started = AsyncStream.makeStream(of: Void.self)
        let (model, recorder) = Self.model { _ in
            started.continuation.yield()
            await release.wait()  // ignores the task's cancellation
            return Self.image
        }
        let task = model.viewDidLoad()
        for await _ in started.stream { break }
        task.cancel()
        release.open()
        await task.value
        #expect(recorder.lines == ["url:\(Legacy.AvatarDownload.kURL)", "operation done"])
    }

    /// A load that honours cancellation throws `CancellationError`: a dismissal, not a failed
    /// download to log.
    @MainActor
    @Test func modernCancellationIsNotLoggedAsAFailedDownload() async {
        let started = AsyncStream.makeStream(of: Void.self)
        let (model, recorder) = Self.model { _ in
            started.continuation.yield()
            let (never, source) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}  // ends when the task is cancelled
            source.finish()
            throw CancellationError()
        }
        let task = model.viewDidLoad()
        for await _ in started.stream { break }
        task.cancel()
        await task.value
        #expect(recorder.lines == ["url:\(Legacy.AvatarDownload.kURL)", "operation done"])
    }
}
