import Foundation
import Legacy
import Modern
import RecipeKit

/// The classic three photo addresses, on a fake host.
private let photoAddresses = ["OverlyAttachedGirlfriend", "SuccessKid", "LotsOfFaces"].map {
    URL(string: "https://photos.example/\($0).png")!
}

/// A fake network: every address answers after a paced second, and those in `failing` fail.
private func photoLoader(_ context: RunContext, failing: [Int] = []) -> FakeLoader {
    FakeLoader(
        responses: Dictionary(uniqueKeysWithValues: photoAddresses.map { ($0, Data($0.lastPathComponent.utf8)) }),
        failing: Set(failing.map { photoAddresses[$0] }),
        latency: context.pace(.seconds(1))
    )
}

/// How each scenario reports a batch: the line shown, what is recorded, the photo count.
private struct BatchReport {
    /// Whether the shown line names the error (not when several fail: which one is reported varies).
    var namesTheError = true

    func line(for error: (any Error)?) -> String {
        guard let error else { return "All photos downloaded" }
        return namesTheError ? "Download failed: \(error)" : "Download failed"
    }

    func record(_ error: (any Error)?, photos: Int, in context: RunContext) {
        context.log("photos: \(photos)")
        context.record("outcome", error == nil ? "success" : "failed")
        if namesTheError { context.record("error", error.map { "\($0)" } ?? "none") }
        if error == nil { context.record("photos", photos) }
    }
}

private func legacyBatch(failing: [Int], report: BatchReport) -> @Sendable (RunContext) async throws -> Void {
    { context in
        let loader = photoLoader(context, failing: failing)
        let sink = UISink(log: context.log)
        let downloader = Legacy.BatchPhotoDownloader { url, completion in loader.load(url, completion: completion) }
        let error = await withCheckedContinuation { done in
            downloader.downloadPhotos(from: photoAddresses) { error in
                sink.showFromMainQueue(report.line(for: error))
                done.resume(returning: error)
            }
        }
        report.record(error, photos: downloader.photos.count, in: context)
    }
}

private func modernBatch(failing: [Int], report: BatchReport) -> @Sendable (RunContext) async throws -> Void {
    { @MainActor context in
        let loader = photoLoader(context, failing: failing)
        let sink = UISink(log: context.log)
        let downloader = Modern.BatchPhotoDownloader(load: loader.load)
        var failure: (any Error)?
        do {
            try await downloader.downloadPhotos(from: photoAddresses)
        } catch {
            failure = error
        }
        sink.show(report.line(for: failure))  // back on the main actor: the "completion"
        report.record(failure, photos: downloader.photos.count, in: context)
    }
}

extension Recipe {
    static let groupBatchDownload = Recipe(
        id: "group-batch-download",
        title: "dispatch_apply + group: three downloads, one completion",
        chapter: .groups,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its quotation of the GCD tutorial's Part 2 `downloadPhotosWithCompletion` (the `dispatch_apply` version)"],
        file: "Groups/BatchPhotoDownloader.swift",
        apis: [
            APIMapping("DispatchGroup enter/leave", "one child of a `withThrowingTaskGroup` per download"),
            APIMapping(
                "DispatchGroup.notify(queue:)", "the code after `await withThrowingTaskGroup`, on the caller's actor"),
            APIMapping("DispatchQueue.concurrentPerform (dispatch_apply)", "a plain `for` loop of `addTask`"),
            APIMapping("NSLock", "nothing to lock: the error is thrown, the photos belong to the main actor"),
        ],
        prose: Articles.recipe("group-batch-download"),
        replaces: [.concurrentPerform, .dispatchGroup, .groupEnter, .groupLeave, .groupNotify],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["outcome", "photos"])],
                legacy: legacyBatch(failing: [], report: BatchReport()),
                modern: modernBatch(failing: [], report: BatchReport())
            ),
            Scenario(
                "one failure",
                rules: [.invariant(["outcome", "error"])],
                legacy: legacyBatch(failing: [1], report: BatchReport()),
                modern: modernBatch(failing: [1], report: BatchReport())
            ),
            Scenario(
                "several failures",
                rules: [.invariant(["outcome"])],
                legacy: legacyBatch(failing: [0, 2], report: BatchReport(namesTheError: false)),
                modern: modernBatch(failing: [0, 2], report: BatchReport(namesTheError: false))
            ),
        ]
    )
}
