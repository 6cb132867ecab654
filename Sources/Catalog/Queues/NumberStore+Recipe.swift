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
        prose: Articles.recipe("generate-sort-random-numbers"),
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
