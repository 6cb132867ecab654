import Dispatch
import Legacy
import Modern
import RecipeKit
import Synchronization

extension Recipe {
    static let readersWriterBarrier = Recipe(
        id: "readers-writer-barrier",
        title: "Concurrent reads, exclusive writes (PhotoManager)",
        chapter: .sharedState,
        sources: [
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Handling the Readers and Writers Problem\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its Swift `PhotoManager` (a barrier write and a `sync` read), its description of dispatch barriers and its guide to which queue type to use",
        ],
        file: "SharedState/PhotoManager.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:attributes: .concurrent)",
                "actor (reads take turns too); a `Mutex` in a `Sendable` class; immutable snapshots when reads must run in parallel"),
            APIMapping("async(flags: .barrier)", "actor method; `Mutex.withLock` in a `Sendable` class"),
            APIMapping("DispatchQueue.sync", "`await` on the actor's property"),
            APIMapping("DispatchQueue.main", "a `@MainActor` task consuming the stream"),
            APIMapping("NSNotificationCenter post", "an `AsyncStream` signal per batch; the listener takes the photos with `takeAdded()`"),
        ],
        prose: Articles.recipe("readers-writer-barrier"),
        replaces: [.barrier, .concurrentQueue, .queueSync, .notificationPost],
        scenarios: [
            Scenario(
                rules: [.invariant(["finalCount", "reads", "tornReads", "readersSeeingFewer", "contentAddedOnMain"])],
                legacy: PhotoManagerReport.runLegacy,
                modern: { await PhotoManagerReport.runModern(Modern.PhotoManager.exercise, in: $0) }
            ),
            Scenario(
                "Mutex variant",
                rules: [.invariant(["finalCount", "reads", "tornReads", "readersSeeingFewer", "contentAddedOnMain"])],
                legacy: PhotoManagerReport.runLegacy,
                modern: { await PhotoManagerReport.runModern(Modern.PhotoManager.exerciseLocked, in: $0) }
            ),
        ]
    )
}

/// What both sides log and record.
private enum PhotoManagerReport {
    /// The one legacy run both scenarios compare against: 4 writers × 250 adds, 4 readers × 50 reads.
    static func runLegacy(_ context: RunContext) async {
        let onMain = MainCount()
        let report = await withCheckedContinuation { done in
            Legacy.PhotoManager.exercise(
                writers: 4,
                addsPerWriter: 250,
                readers: 4,
                readsPerReader: 50,
                contentAdded: {
                    dispatchPrecondition(condition: .onQueue(.main))
                    onMain.increment()
                },
                completion: { done.resume(returning: $0) }
            )
        }
        record(
            finalCount: report.finalCount, reads: report.reads, tornReads: report.tornReads,
            readersSeeingFewer: report.readersSeeingFewer, contentAddedOnMain: onMain.value, in: context)
    }

    /// The same run against a modern store: the actor (`exercise`) or the `Mutex` (`exerciseLocked`).
    static func runModern(
        _ exercise: (Int, Int, Int, Int, @escaping @MainActor @Sendable () -> Void) async -> Modern.PhotoManager.Report,
        in context: RunContext
    ) async {
        let onMain = MainCount()
        let report = await exercise(4, 250, 4, 50) { @MainActor in
            MainActor.assertIsolated()
            onMain.increment()
        }
        record(
            finalCount: report.finalCount, reads: report.reads, tornReads: report.tornReads,
            readersSeeingFewer: report.readersSeeingFewer, contentAddedOnMain: onMain.value, in: context)
    }

    static func record(
        finalCount: Int,
        reads: Int,
        tornReads: Int,
        readersSeeingFewer: Int,
        contentAddedOnMain: Int,
        in context: RunContext
    ) {
        context.log("final count = \(finalCount)")
        context.log("\(reads) reads: \(tornReads) incomplete, \(readersSeeingFewer) reader(s) saw the count go down")
        context.log("content added \(contentAddedOnMain) time(s) on main")
        context.record("finalCount", finalCount)
        context.record("reads", reads)
        context.record("tornReads", tornReads)
        context.record("readersSeeingFewer", readersSeeingFewer)
        context.record("contentAddedOnMain", contentAddedOnMain)
    }
}

/// Counts the "content added" calls that ran on the main queue or the main actor.
private final class MainCount: Sendable {
    private let count = Atomic(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
