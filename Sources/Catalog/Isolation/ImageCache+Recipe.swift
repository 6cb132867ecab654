import Dispatch
import Foundation
import LegacyApp
import Modern
import RecipeKit

extension Recipe {
    static let callbackIsolationTrap = Recipe(
        id: "callback-isolation-trap",
        title: "Callbacks formed in main-actor code, run on another queue",
        chapter: .isolation,
        sources: [
            "Seen in real code: the most reported Swift 6 crash of 2026, a Dispatch source handler (a memory-pressure source) or an SDK completion handler written in an Xcode 26 app target, where all code is `@MainActor` by default, dying in `_dispatch_assert_queue_fail`"
        ],
        file: "Isolation/ImageCache.swift",
        legacyFolder: "LegacyApp",
        apis: [
            APIMapping(
                "DispatchIO.read(…, runningHandlerOn: .global()) { … } (or an SDK completion handler) in @MainActor code",
                "a `@concurrent` function that awaits the callback through a continuation; or `{ @Sendable in … }` that hops to the main actor"
            ),
            APIMapping(
                "source.setEventHandler { … } in @MainActor code (a memory-pressure source on its own queue)",
                "the source's events as an `AsyncStream` (handlers formed in a `nonisolated` function) consumed on the main actor"
            ),
        ],
        prose: Articles.recipe("callback-isolation-trap"),
        isBridging: true,
        replaces: [.dispatchIORead],
        scenarios: [
            Scenario(
                "source handler on its own queue",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        let cache = await LegacyApp.ImageCache(log: log)
                        await withCheckedContinuation { trimmed in
                            Task { @MainActor in
                                cache.onTrimmed = { trimmed.resume() }
                                cache.watchMemoryPressure(on: DispatchQueue(label: "pressure"))
                                cache.simulateMemoryPressure()
                            }
                        }
                        await cache.stopWatching()
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ImageCache(log: log).trimOnce(on: DispatchQueue(label: "pressure"))
                    }),
                showsCrashReport: true
            ),
            Scenario(
                "completion handler on a global queue",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        let index = ImageIndexFile()
                        defer { index.remove() }
                        let cache = await LegacyApp.ImageCache(log: log)
                        await withCheckedContinuation { loaded in
                            Task { @MainActor in
                                cache.loadIndex(from: index.path) { loaded.resume() }
                            }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        let index = ImageIndexFile()
                        defer { index.remove() }
                        try? await Modern.ImageCache(log: log).loadIndex(from: index.path)
                    }),
                showsCrashReport: true
            ),
            Scenario(
                "fixed: nothing runs isolated off main",
                rules: [.exact],
                legacy: { context in
                    let index = ImageIndexFile()
                    defer { index.remove() }
                    let cache = await LegacyApp.ImageCache(log: context.log)
                    await withCheckedContinuation { trimmed in
                        Task { @MainActor in
                            cache.onTrimmed = { trimmed.resume() }
                            cache.watchMemoryPressureSafely(on: DispatchQueue(label: "pressure"))
                            cache.simulateMemoryPressure()
                        }
                    }
                    await cache.stopWatching()
                    await withCheckedContinuation { loaded in
                        Task { @MainActor in
                            cache.loadIndexSafely(from: index.path) { loaded.resume() }
                        }
                    }
                },
                modern: { context in
                    let index = ImageIndexFile()
                    defer { index.remove() }
                    let cache = await Modern.ImageCache(log: context.log)
                    await cache.trimOnceHopping(on: DispatchQueue(label: "pressure"))
                    try await cache.loadIndex(from: index.path)
                }
            ),
        ]
    )
}

/// The cache's index on disk: three image names, in a fresh temporary directory.
struct ImageIndexFile: Sendable {
    let directory: TemporaryDirectory?
    var path: String { directory?.url.appendingPathComponent("index.txt").path ?? "/nonexistent/index.txt" }

    init() {
        directory = try? TemporaryDirectory(prefix: "image-index")
        try? Data("x.png\ny.png\nz.png\n".utf8).write(to: URL(fileURLWithPath: path))
    }

    func remove() { directory?.remove() }
}
