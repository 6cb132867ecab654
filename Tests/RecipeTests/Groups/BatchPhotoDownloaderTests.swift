import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// A failure the tests inject themselves, named after the photo.
private struct PhotoError: Error, Equatable {
    let name: String
}

@Suite(.timeLimit(.minutes(1))) struct BatchPhotoDownloaderTests {
    static let addresses = ["OverlyAttachedGirlfriend", "SuccessKid", "LotsOfFaces"].map {
        URL(string: "https://photos.example/\($0).png")!
    }

    static func loader(failing: [Int] = []) -> FakeLoader {
        FakeLoader(
            responses: Dictionary(uniqueKeysWithValues: addresses.map { ($0, Data($0.lastPathComponent.utf8)) }),
            failing: Set(failing.map { addresses[$0] }),
            latency: .milliseconds(10)
        )
    }

    /// A legacy loader that logs "loaded <name>" just before it calls the completion.
    static func loggingLegacyLoad(_ loader: FakeLoader, _ recorder: Recorder) -> Legacy.BatchPhotoDownloader.Load {
        { url, completion in
            loader.load(url) { result in
                recorder.log("loaded \(url.lastPathComponent)")
                completion(result)
            }
        }
    }

    /// Runs one legacy batch and returns the error it reported; the completion must run on main.
    static func legacyBatch(_ downloader: Legacy.BatchPhotoDownloader, recorder: Recorder? = nil) async -> (any Error)?
    {
        await withCheckedContinuation { done in
            downloader.downloadPhotos(from: addresses) { error in
                dispatchPrecondition(condition: .onQueue(.main))
                recorder?.log("completion")
                done.resume(returning: error)
            }
        }
    }

    // MARK: Outcome

    @Test func legacyCompletesOnceOnMainAfterAllThreeWithThreeMorePhotos() async throws {
        let recorder = Recorder()
        let downloader = Legacy.BatchPhotoDownloader(load: Self.loggingLegacyLoad(Self.loader(), recorder))
        let error = await Self.legacyBatch(downloader, recorder: recorder)
        #expect(error == nil)
        #expect(downloader.photos.count == 3)
        // A second completion must not follow.
        try await Task.sleep(for: .milliseconds(50))
        #expect(recorder.lines.count == 4)
        #expect(recorder.lines.last == "completion")
        #expect(Set(recorder.lines.dropLast()) == Set(Self.addresses.map { "loaded \($0.lastPathComponent)" }))

        _ = await Self.legacyBatch(downloader)
        #expect(downloader.photos.count == 6)
    }

    @Test @MainActor func modernReturnsOnTheMainActorAfterAllThreeWithThreeMorePhotos() async throws {
        let recorder = Recorder()
        let loader = Self.loader()
        let downloader = Modern.BatchPhotoDownloader { url in
            let data = try await loader.load(url)
            recorder.log("loaded \(url.lastPathComponent)")
            return data
        }
        try await downloader.downloadPhotos(from: Self.addresses)
        MainActor.assertIsolated()
        recorder.log("completion")
        #expect(downloader.photos.count == 3)
        #expect(Set(downloader.photos.map(\.url)) == Set(Self.addresses))
        #expect(recorder.lines.last == "completion")
        #expect(Set(recorder.lines.dropLast()) == Set(Self.addresses.map { "loaded \($0.lastPathComponent)" }))

        try await downloader.downloadPhotos(from: Self.addresses)
        #expect(downloader.photos.count == 6)
    }

    @Test func legacyReportsASingleFailure() async {
        let loader = Self.loader(failing: [1])
        let downloader = Legacy.BatchPhotoDownloader { url, completion in loader.load(url, completion: completion) }
        let error = await Self.legacyBatch(downloader)
        #expect((error as? FakeLoader.Failure)?.url == Self.addresses[1])
    }

    @Test @MainActor func modernThrowsASingleFailure() async {
        let downloader = Modern.BatchPhotoDownloader(load: Self.loader(failing: [1]).load)
        let error = await #expect(throws: FakeLoader.Failure.self) {
            try await downloader.downloadPhotos(from: Self.addresses)
        }
        #expect(error?.url == Self.addresses[1])
    }

    @Test func legacyReportsAnErrorWhenSeveralFail() async {
        let loader = Self.loader(failing: [0, 1, 2])
        let downloader = Legacy.BatchPhotoDownloader { url, completion in loader.load(url, completion: completion) }
        let error = await Self.legacyBatch(downloader)
        #expect(error is FakeLoader.Failure)
        #expect(downloader.photos.isEmpty)
    }

    @Test @MainActor func modernThrowsAnErrorWhenSeveralFail() async {
        let downloader = Modern.BatchPhotoDownloader(load: Self.loader(failing: [0, 1, 2]).load)
        await #expect(throws: FakeLoader.Failure.self) {
            try await downloader.downloadPhotos(from: Self.addresses)
        }
        #expect(downloader.photos.isEmpty)
    }

    // MARK: Differences

    @Test @MainActor func aFailureKeepsTheOtherPhotosOnlyOnTheLegacySide() async {
        let legacyLoader = Self.loader(failing: [1])
        let legacy = Legacy.BatchPhotoDownloader { url, completion in legacyLoader.load(url, completion: completion) }
        #expect(await Self.legacyBatch(legacy) != nil)
        #expect(Set(legacy.photos.map(\.url)) == [Self.addresses[0], Self.addresses[2]])

        let modern = Modern.BatchPhotoDownloader(load: Self.loader(failing: [1]).load)
        await #expect(throws: FakeLoader.Failure.self) { try await modern.downloadPhotos(from: Self.addresses) }
        #expect(modern.photos.isEmpty)
    }

    @Test @MainActor func onlyModernCancelsTheOtherDownloadsAfterAFailure() async {
        // Address 0 fails at once. The other two modern downloads would take a minute: they end
        // early only if the group cancels them.
        let recorder = Recorder()
        let failure = PhotoError(name: "OverlyAttachedGirlfriend")

        let legacy = Legacy.BatchPhotoDownloader { url, completion in
            if url == Self.addresses[0] { return completion(.failure(failure)) }
            // A legacy download cannot be told to stop: it finishes, and the group waits for it.
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                recorder.log("legacy finished \(url.lastPathComponent)")
                completion(.success(Data()))
            }
        }
        #expect(await Self.legacyBatch(legacy) as? PhotoError == failure)

        let modern = Modern.BatchPhotoDownloader { url in
            if url == Self.addresses[0] { throw failure }
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                recorder.log("modern cancelled \(url.lastPathComponent)")
                throw error
            }
            return Data()
        }
        await #expect(throws: failure) { try await modern.downloadPhotos(from: Self.addresses) }

        #expect(
            recorder.lines.sorted() == [
                "legacy finished LotsOfFaces.png", "legacy finished SuccessKid.png",
                "modern cancelled LotsOfFaces.png", "modern cancelled SuccessKid.png",
            ])
    }

    @Test @MainActor func legacyReportsTheLastErrorAndModernTheFirst() async {
        // Address 0 fails first; address 2 fails only after that failure was reported.
        let first = PhotoError(name: "OverlyAttachedGirlfriend")
        let last = PhotoError(name: "LotsOfFaces")

        let firstReported = DispatchSemaphore(value: 0)
        let legacy = Legacy.BatchPhotoDownloader { url, completion in
            switch url {
            case Self.addresses[0]:
                DispatchQueue.global().async {
                    completion(.failure(first))
                    firstReported.signal()
                }
            case Self.addresses[2]:
                DispatchQueue.global().async {
                    firstReported.wait()
                    completion(.failure(last))
                }
            default:
                DispatchQueue.global().async { completion(.success(Data())) }
            }
        }
        #expect(await Self.legacyBatch(legacy) as? PhotoError == last)

        let modern = Modern.BatchPhotoDownloader { url in
            switch url {
            case Self.addresses[0]:
                throw first
            case Self.addresses[2]:
                try? await Task.sleep(for: .seconds(60))  // ends early when the group cancels it
                throw last
            default:
                return Data()
            }
        }
        await #expect(throws: first) { try await modern.downloadPhotos(from: Self.addresses) }
    }
}
