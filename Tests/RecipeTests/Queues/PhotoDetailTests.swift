import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct PhotoDetailTests {
    static let photo = Data(SplitMix64.numbers(count: 64, upTo: 255).map { UInt8($0) })
    static let overlay = Data(photo.map { 255 - $0 })
    static let nothingToDisplay = "Image isn't downloaded. Nothing to display."

    /// A fresh directory holding `photo.jpg` with `contents` (no file when `nil`).
    static func photoFile(_ contents: Data?) throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory(prefix: "photo-detail-tests")
        let url = directory.url.appendingPathComponent("photo.jpg")
        try contents?.write(to: url)
        return (directory, url)
    }

    /// Calls a legacy form from the main queue, logs `returned`, and waits for its completion.
    static func runLegacy(nestedSync: Bool, contents: Data?) async throws -> (lines: [String], shown: [Data]) {
        let (directory, url) = try photoFile(contents)
        defer { directory.remove() }
        let recorder = Recorder()
        let shown = ShownImages()
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let show: @Sendable (Data) -> Void = { image in
                    dispatchPrecondition(condition: .onQueue(.main))
                    shown.append(image)
                    recorder.log("delivered")
                }
                let load: @Sendable (URL) throws -> Data = { try Data(contentsOf: $0) }
                if nestedSync {
                    Legacy.PhotoDetail.showOverlayWithNestedSync(
                        from: url, load: load, log: recorder.logger, show: show
                    ) { done.resume() }
                } else {
                    Legacy.PhotoDetail.showOverlay(
                        from: url, load: load, log: recorder.logger, show: show
                    ) { done.resume() }
                }
                recorder.log("returned")
            }
        }
        return (recorder.lines, shown.images)
    }

    /// Calls the modern view model from the main actor, logs `returned`, and awaits its task.
    @MainActor
    static func runModern(contents: Data?) async throws -> (lines: [String], shown: [Data], image: Data?) {
        let (directory, url) = try photoFile(contents)
        defer { directory.remove() }
        let recorder = Recorder()
        let shown = ShownImages()
        let model = Modern.PhotoDetail(
            load: { try Data(contentsOf: $0) },
            log: recorder.logger,
            show: { @MainActor image in
                MainActor.assertIsolated()
                shown.append(image)
                recorder.log("delivered")
            }
        )
        let loading = model.showOverlay(from: url)
        recorder.log("returned")
        await loading.value
        return (recorder.lines, shown.images, model.image)
    }

    @Test(arguments: [false, true])
    func legacyDeliversTheOverlayOnMainAfterTheCallerReturns(nestedSync: Bool) async throws {
        let (lines, shown) = try await Self.runLegacy(nestedSync: nestedSync, contents: Self.photo)
        #expect(lines == ["returned", "delivered"])
        #expect(shown == [Self.overlay])
    }

    @Test func modernDeliversTheOverlayOnMainAfterTheCallerReturns() async throws {
        let (lines, shown, image) = try await Self.runModern(contents: Self.photo)
        #expect(lines == ["returned", "delivered"])
        #expect(shown == [Self.overlay])
        #expect(image == Self.overlay)
    }

    @Test(arguments: [false, true])
    func legacyMissingFileLogsTheErrorAndShowsNothing(nestedSync: Bool) async throws {
        let (lines, shown) = try await Self.runLegacy(nestedSync: nestedSync, contents: nil)
        #expect(shown.isEmpty)
        #expect(lines.filter { $0 != "returned" }.count == 2)
        #expect(lines.contains { $0.hasPrefix("Error happened = ") })
        #expect(lines.last == Self.nothingToDisplay)
    }

    @Test func modernMissingFileLogsTheErrorAndShowsNothing() async throws {
        let (lines, shown, image) = try await Self.runModern(contents: nil)
        #expect(shown.isEmpty)
        #expect(image == nil)
        #expect(lines.count == 3)
        #expect(lines.first == "returned")
        #expect(lines[1].hasPrefix("Error happened = "))
        #expect(lines.last == Self.nothingToDisplay)
    }

    @Test func bothSidesReportTheSameErrorText() async throws {
        let (legacy, _) = try await Self.runLegacy(nestedSync: false, contents: nil)
        let (modern, _, _) = try await Self.runModern(contents: nil)
        #expect(legacy.filter { $0.hasPrefix("Error happened") } == modern.filter { $0.hasPrefix("Error happened") })
    }

    @Test(arguments: [false, true])
    func legacyEmptyFileMeansNoData(nestedSync: Bool) async throws {
        let (lines, shown) = try await Self.runLegacy(nestedSync: nestedSync, contents: Data())
        #expect(shown.isEmpty)
        #expect(
            lines.filter { $0 != "returned" } == ["No data could get downloaded from the URL.", Self.nothingToDisplay])
    }

    @Test func modernEmptyFileMeansNoData() async throws {
        let (lines, shown, image) = try await Self.runModern(contents: Data())
        #expect(shown.isEmpty)
        #expect(image == nil)
        #expect(lines == ["returned", "No data could get downloaded from the URL.", Self.nothingToDisplay])
    }

    /// A load that ignores cancellation (a wrapped `Data(contentsOf:)`, a C decoder) and returns
    /// only when `release` opens; `started` gets one element per load that began.
    final class HeldLoad: Sendable {
        let release = Latch()
        let started = AsyncStream.makeStream(of: URL.self)

        var load: @Sendable (URL) async throws -> Data {
            { [self] url in
                started.continuation.yield(url)
                await release.wait()  // ignores the task's cancellation
                return PhotoDetailTests.photo
            }
        }

        func untilStarted() async {
            for await _ in started.stream { return }
        }
    }

    /// A model on the main actor that records what it logged and showed.
    @MainActor
    static func model(load: @escaping @Sendable (URL) async throws -> Data) -> (Modern.PhotoDetail, Recorder) {
        let recorder = Recorder()
        let model = Modern.PhotoDetail(
            load: load, log: recorder.logger, show: { recorder.log("shown \($0.count) bytes") })
        return (model, recorder)
    }

    /// A cancel while the load runs (and ignores it) leaves the UI alone: nothing shown, no image,
    /// nothing logged. Before the check after the `await`, the overlay went on screen anyway.
    @MainActor
    @Test(.timeLimit(.minutes(1)))
    func modernCancelledWhileLoadingLeavesTheUIAlone() async {
        let held = HeldLoad()
        let (model, recorder) = Self.model(load: held.load)
        let task = model.showOverlay(from: URL(fileURLWithPath: "/photo.jpg"))
        await held.untilStarted()
        task.cancel()
        held.release.open()
        await task.value
        #expect(model.image == nil)
        #expect(recorder.lines.isEmpty)
    }

    /// A load that honours cancellation throws `CancellationError`: a normal dismissal, not an
    /// error to report.
    @MainActor
    @Test(.timeLimit(.minutes(1)))
    func modernCancellationIsNotLoggedAsAnError() async {
        let started = AsyncStream.makeStream(of: Void.self)
        let (model, recorder) = Self.model { _ in
            started.continuation.yield()
            let (never, source) = AsyncStream.makeStream(of: Void.self)
            for await _ in never {}  // ends when the task is cancelled
            source.finish()
            throw CancellationError()
        }
        let task = model.showOverlay(from: URL(fileURLWithPath: "/photo.jpg"))
        for await _ in started.stream { break }
        task.cancel()
        await task.value
        #expect(model.image == nil)
        #expect(recorder.lines.isEmpty)
    }

    /// A second call cancels the first: the newer photo stays on screen even when the older load
    /// finishes last.
    @MainActor
    @Test(.timeLimit(.minutes(1)))
    func modernNewerCallReplacesTheLoadBeforeIt() async {
        let held = HeldLoad()
        let newer = Data([1, 2, 3])
        let (model, recorder) = Self.model { url in
            if url.lastPathComponent == "newer.jpg" { return newer }
            return try await held.load(url)
        }
        let older = model.showOverlay(from: URL(fileURLWithPath: "/older.jpg"))
        await held.untilStarted()
        await model.showOverlay(from: URL(fileURLWithPath: "/newer.jpg")).value
        held.release.open()  // the older load ends last
        await older.value
        #expect(model.image == Modern.PhotoDetail.faceOverlay(of: newer))
        #expect(recorder.lines == ["shown 3 bytes"])
    }

    @Test func theOverlayIsTheSamePureTransformOnBothSides() {
        #expect(Legacy.PhotoDetail.faceOverlay(of: Self.photo) == Self.overlay)
        #expect(Modern.PhotoDetail.faceOverlay(of: Self.photo) == Self.overlay)
        #expect(Modern.PhotoDetail.faceOverlay(of: Self.overlay) == Self.photo)
    }
}

/// Images handed to `show`, in order.
private final class ShownImages: Sendable {
    private let recorder = Recorder()
    func append(_ image: Data) { recorder.log(image.base64EncodedString()) }
    var images: [Data] { recorder.lines.compactMap { Data(base64Encoded: $0) } }
}
