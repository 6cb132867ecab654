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
            APIMapping("NSNotificationCenter post", "`AsyncStream` of events"),
        ],
        problem:
            "Let many threads read `PhotoManager`'s photos at once, but make each write exclusive, and tell the UI on the main thread when content was added.",
        changes: [
            "The private concurrent queue with barrier writes and `sync` reads becomes an `actor`. Its serial executor makes every write exclusive and every read a whole array, and the compiler checks it: no `@unchecked Sendable`, no comment standing in for a proof.",
            """
            The modern side comes twice: the actor (scenario `main`) and `LockedPhotoManager`, a \
            `Sendable` class around a `Mutex<[Photo]>` (scenario `Mutex variant`). Both pass the \
            same checks (`LockedPhotoManagerTests.mutexVariantFourWritersAndFourReadersEndWithAThousandCompleteSnapshots`). \
            The `Mutex` keeps `addPhoto` and `photos` synchronous \
            (`LockedPhotoManagerTests.mutexVariantIsSynchronousAndReadsAreSnapshots`); the actor \
            makes every call an `await`, and its reads take turns.
            """,
            """
            Measured, and Modern is slower here both ways. `swift run -c release compare \
            readers-writer-barrier --runs 15` on 2 cores (Linux, Swift 6.3.1, release build, \
            2026-11-24, while other builds kept the load average between 7 and 11), median wall \
            time of a whole run, three runs: barrier queue 5.3 to 8.1 ms; actor 14.2 to 24.4 ms \
            (2.0× to 4.3× the queue in the same scenario); `Mutex` variant 16.0 to 31.6 ms \
            (2.7× to 5.0×). An earlier release run read 23.6 ms for the actor against 4.5 ms for \
            the queue. Which of the two modern variants was slower changed from run to run; both \
            stayed well behind the queue.
            """,
            """
            What costs is not the store. In a scratch build of the same drivers with the \
            notifications switched off, 4 writers × 250 adds and 4 readers × 50 reads took about \
            0.1–0.2 ms with the actor and 0.08–0.12 ms with the `Mutex`: serialising 200 short \
            reads is cheap. Nearly the whole modern run is the 1,000 \"content added\" elements, \
            each waking the `@MainActor` listener, where the legacy side's 1,000 `main.async` \
            blocks are drained by the main queue in batches. The `Mutex` variant's writers yield \
            to the stream from two threads at once instead of one after another on the actor.
            """,
            """
            So: keep the actor when callers can `await` anyway and the operations grow beyond a \
            read or an append; it costs about what the serial queue did (`lock-zoo`: 4.6–6.8 ms \
            against 4.0–5.7 ms for 40,000 increments). Take the `Mutex` when callers are \
            synchronous or the state is hot (`lock-zoo`: 1.3–2.0 ms, about a third of the actor), \
            and when reads must overlap for long, publish immutable snapshots (`rcu-snapshot`). \
            Whichever you pick, a notification per element to the main actor is the first thing \
            to batch. Per-primitive costs: [an actor call against `queue.sync`](../performance.md#bench-sync-vs-actor), \
            [a `Mutex` against an `NSLock`](../performance.md#bench-lock-uncontended).
            """,
            "\"Content added\" was a notification posted from the main queue after each barrier write. It is now an `AsyncStream` of the photos added, consumed by a `@MainActor` task, so the listener says where it runs instead of the producer hopping for it.",
            "4 writers add 250 photos each while 4 readers read 50 times each: the final count is 1,000, every read is a complete snapshot, no reader sees the count go down, and \"content added\" arrives 1,000 times on the main queue or main actor.",
        ],
        pitfalls: [
            "An actor method that awaits between checking and mutating lets other calls in, and the race is back (see `actor-reentrancy`). Keep each read-modify-write free of `await`.",
            "A barrier only works on a custom *concurrent* queue. On a global queue `.barrier` is silently ignored (it is a plain `async`), and on a serial queue it adds nothing.",
            "`sync` from inside a barrier block onto the same queue traps at once: the queue is already running that block.",
            "An `AsyncStream` has one consumer. A second `for await` over the same stream steals elements; give each listener its own stream.",
        ],
        platformNotes: [
            "**Linux**: `Task { @MainActor in }` runs on the main actor, which need not be the main thread: assert isolation, not `Thread.isMainThread`.",
        ],
        annotations: [
            "`PhotoManager` is `@unchecked Sendable`: `_photos` is written only in barrier blocks on `concurrentPhotoQueue` and read only with `sync` on it.",
            "The report tally and the observer token are kept behind an `NSLock`, so the notification observer and the readers can update them from any thread.",
            "The `contentAdded` and `completion` closures are `@escaping @Sendable`: they run on the main queue and a global queue.",
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its guide to which queue type to use: barriers that solve the readers–writers problem belong on a custom *concurrent* queue, not a serial one (as the *Grand Central Dispatch Tutorial for Swift* says in \"Handling the Readers and Writers Problem\").",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2*, \"Handling the Readers and Writers Problem\": a barrier on a global queue is not merely unwise; it is ignored, and the block runs as a plain `async`.",
            "The Read-And-Learn wiki page \"iOS并发编程\", its comments on the Swift `PhotoManager`: the barrier write and the `sync` read prevent a *race* (a read during a write), not deadlocks; a `sync` onto the same queue from inside the barrier is what would deadlock, and it traps.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `LockedPhotoManager` would land on the main actor, so writer and reader tasks could not call `addPhoto` or read `photos` synchronously; `nonisolated` keeps the `Mutex` variant callable from any task.",
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
