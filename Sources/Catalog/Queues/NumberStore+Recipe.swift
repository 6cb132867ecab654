import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let generateSortRandomNumbers = Recipe(
        id: "generate-sort-random-numbers",
        title: "Create once, load, sort, show",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.6 \"Executing Non-UI Related Tasks Asynchronously with GCD\" (its file of 10,000 random numbers, loaded and sorted)",
        ],
        file: "Queues/NumberStore.swift",
        apis: [
            APIMapping("DispatchQueue.global().async", "a `@concurrent` function; an actor method"),
            APIMapping("DispatchQueue.main.async", "a `@MainActor` closure, awaited"),
            APIMapping(
                "arc4random / RAND_MAX",
                "a seeded `RandomNumberGenerator` passed in (`UInt32.random(in: 0...randMax, using: &generator)`)"
            ),
            APIMapping(
                "NSArray writeToFile:atomically:",
                "`Data.write(to:options: .atomic)`"
            ),
            APIMapping(
                "NSSearchPathForDirectoriesInDomains",
                "a directory the caller passes in (here a test-supplied temporary directory)"
            ),
            APIMapping(
                "fileExists check-then-create on a global queue", "an actor method with no `await` between the check and the write"
            ),
        ],
        problem:
            "On a background queue, create a file of 10,000 random numbers only if it doesn't exist, load it, sort it, then update the UI on the main queue.",
        changes: [
            "The global-queue block becomes an actor plus a `@concurrent` function: `createFileIfNeeded` is isolated to the `NumberStore` actor, and `loadSorted` reads and sorts off the caller's actor. The UI update is a `@MainActor` closure the function awaits.",
            "Check-then-create is one synchronous actor method, with no `await` between the check and the write, so concurrent callers create the file exactly once (`NumberStoreTests.modernConcurrentCallersCreateTheFileOnce`). The legacy check on a global queue can let two callers both generate.",
            "The classic `__block randomNumbers`, written in one block and read in another, becomes a return value, which Swift 6 checks for `Sendable`.",
            "Both sides draw the numbers from an injected, seeded generator, so the file and the summary line are the same on every run and on both sides.",
        ],
        pitfalls: [
            "Check-then-create is a TOCTOU race whenever two callers can run at once. An actor fixes it only if nothing in the method suspends between the check and the write: an `await` in between lets a second caller in (actor reentrancy), and you would need to remember an in-flight `Task` instead.",
            "Write the file atomically (`Data.write(to:options: .atomic)`): a reader then sees the old file or the complete new one, never half a file. The classic `writeToFile:atomically: YES` did the same.",
            "The classic version's nested `dispatch_sync` onto the same global queue just runs inline; on a serial queue it would deadlock (see `sync-deadlock`).",
            "Don't generate on the main queue or the main actor, and don't sort there: both are CPU work. `@concurrent` makes `loadSorted` leave the caller even under `NonisolatedNonsendingByDefault`.",
        ],
        annotations: [
            "`log` and `show` are `@escaping @Sendable`: they run on a global queue and on the main queue.",
            "`NumberStore` holds only a `let` URL, so it is `Sendable` without `@unchecked`; the generator is taken as `some RandomNumberGenerator & Sendable`, copied into the block.",
        ],
        replaces: [.globalQueue, .queueAsync, .mainAsync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let directory = try TemporaryDirectory(prefix: "generate-sort-random-numbers")
                    defer { directory.remove() }
                    await NumberStoreRuns.legacy(Legacy.NumberStore(directory: directory.url), context)
                },
                modern: { context in
                    let directory = try TemporaryDirectory(prefix: "generate-sort-random-numbers")
                    defer { directory.remove() }
                    await NumberStoreRuns.modern(Modern.NumberStore(directory: directory.url), context)
                }
            ),
            Scenario(
                "second run",
                rules: [.exact, .invariant(["file unchanged"])],
                legacy: { context in
                    let directory = try TemporaryDirectory(prefix: "generate-sort-random-numbers")
                    defer { directory.remove() }
                    let store = Legacy.NumberStore(directory: directory.url)
                    await NumberStoreRuns.legacy(store, context)
                    let before = try NumberStoreRuns.fingerprint(of: store.fileURL)
                    await NumberStoreRuns.legacy(store, context)
                    context.record("file unchanged", try NumberStoreRuns.fingerprint(of: store.fileURL) == before)
                },
                modern: { context in
                    let directory = try TemporaryDirectory(prefix: "generate-sort-random-numbers")
                    defer { directory.remove() }
                    let store = Modern.NumberStore(directory: directory.url)
                    await NumberStoreRuns.modern(store, context)
                    let before = try NumberStoreRuns.fingerprint(of: store.fileURL)
                    await NumberStoreRuns.modern(store, context)
                    context.record("file unchanged", try NumberStoreRuns.fingerprint(of: store.fileURL) == before)
                }
            ),
        ]
    )
}

/// Runs each side once with the shared seeded generator and a UI sink.
enum NumberStoreRuns {
    static func legacy(_ store: Legacy.NumberStore, _ context: RunContext) async {
        let sink = UISink(log: context.log)
        await withCheckedContinuation { done in
            store.showSortedNumbers(generator: SplitMix64(seed: SplitMix64.defaultSeed), log: context.log) { line in
                sink.showFromMainQueue(line)
                done.resume()
            }
        }
    }

    static func modern(_ store: Modern.NumberStore, _ context: RunContext) async {
        let sink = UISink(log: context.log)
        await store.showSortedNumbers(generator: SplitMix64(seed: SplitMix64.defaultSeed), log: context.log) {
            @MainActor line in sink.show(line)
        }
    }

    /// The file's bytes, modification date and inode: any rewrite, even an identical atomic one,
    /// changes the date or the inode.
    struct FileState: Equatable {
        let bytes: Data
        let modified: Date?
        let inode: String
    }

    static func fingerprint(of url: URL) throws -> FileState {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return FileState(
            bytes: try Data(contentsOf: url),
            modified: attributes[.modificationDate] as? Date,
            inode: attributes[.systemFileNumber].map { "\($0)" } ?? "?"
        )
    }
}
