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
        problem:
            "Start three downloads at once, add each photo, and report a single completion, on the main thread, carrying an error if any download failed.",
        changes: [
            "`enter()` before each download, `leave()` in its completion and `notify(queue: .main)` become one child task per download and the code after the group. The group cannot be unbalanced, and its end runs once.",
            "The shared `storedError`, written by concurrent completions, disappears: the first error a child throws leaves the collecting loop and is rethrown. The photos are collected by the parent and appended on the main actor, which owns them, so no lock is needed either.",
            "The completion closure becomes `async throws`; \"on main\" is the `@MainActor` class the call returns to.",
            "`dispatch_apply` only started three downloads, which is pure overhead; a plain loop of `addTask` replaces it.",
        ],
        pitfalls: [
            "A throwing task group waits for every child, even after the first error. It cancels them, but a child that ignores cancellation still holds the group open: the loader must be cancellation-aware (`URLSession` is, `Task.sleep` is).",
            "The classic version writes `storedError` from completions that run concurrently: a data race, and a compile error in Swift 6. Guard it with a lock (legacy) or let the error travel as a thrown error (modern).",
            "With several failures, neither side tells you about all of them. Collect `Result`s in a non-throwing `withTaskGroup` when every error matters.",
        ],
        annotations: [
            "`BatchPhotoDownloader` is `@unchecked Sendable`: its photo list is only touched under its `NSLock`. `StoredDownloadError` is `@unchecked Sendable` for the same reason.",
            "The loader and the completion are `@escaping @Sendable`; the loader's completion runs on the loader's queue.",
            "The `notify` closure is not `@Sendable` in the API; it is written in nonisolated code, so it does not inherit an actor it would then trap on.",
        ],
        differences: [
            "When a download fails, the legacy side keeps the photos that did arrive (each completion adds its own), and the modern side adds none, because it adds the batch only when all of it succeeded (`BatchPhotoDownloaderTests.aFailureKeepsTheOtherPhotosOnlyOnTheLegacySide`).",
            "After the first failure the modern group cancels the downloads still running; the legacy downloads all run to the end (`BatchPhotoDownloaderTests.onlyModernCancelsTheOtherDownloadsAfterAFailure`).",
            "When several downloads fail, the legacy side reports the last error to arrive (the last writer of `storedError` wins) and the modern side the first one thrown (`BatchPhotoDownloaderTests.legacyReportsTheLastErrorAndModernTheFirst`).",
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its quotation of the GCD tutorial's Part 2 `downloadPhotosWithCompletion` (the `dispatch_apply` version): `storedError` is written from the download completions, which run concurrently, without synchronisation: a data race."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Photo` would be main-actor-isolated, although the child tasks create it off the main actor; `nonisolated` keeps it a plain `Sendable` value while the downloader stays `@MainActor`.",
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
