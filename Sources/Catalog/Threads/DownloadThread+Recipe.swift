import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let downloadThread = Recipe(
        id: "thread-spawn-basics",
        title: "Starting a thread (detach, init + start, perform in background)",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating a Thread\" › \"Using NSThread\" and \"Using NSObject to Spawn a Thread\"",
            "*iOS Programming Cookbook*, §7.15 \"Creating Concurrency with Threads\" (a download on a detached thread)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its three ways to create a thread (`downloadImage:`, `performSelectorOnMainThread`)",
        ],
        file: "Threads/DownloadThread.swift",
        apis: [
            APIMapping(
                "Thread.detachNewThread; detachNewThreadSelector:toTarget:withObject:",
                "a `@concurrent` function, as an `async let` child; `Task.detached {}` only for work that must outlive the caller"),
            APIMapping("performSelectorInBackground:withObject:", "a `@concurrent` function; `Task.detached {}`"),
            APIMapping("Thread(block:) + stackSize + start()", "`async let` (structured); no stack size to set"),
            APIMapping("performSelectorOnMainThread:withObject:waitUntilDone:", "`await` a `@MainActor` function"),
        ],
        prose: Articles.recipe("thread-spawn-basics"),
        replaces: [.detachNewThread, .performSelectorInBackground, .performSelectorOnMainThread, .thread],
        scenarios: [
            Scenario(
                "detached",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        Legacy.DownloadThread.detach(
                            oreilly, load: loader(context).loadBlocking, log: context.log,
                            show: { sink.showFromMainQueue($0) }, done: { done.resume() })
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.DownloadThread.detached(
                        oreilly, load: loader(context).load, log: context.log,
                        show: { @MainActor in sink.show($0) })
                }
            ),
            Scenario(
                "configured",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        Legacy.DownloadThread.start(
                            oreilly, load: loader(context).loadBlocking, log: context.log,
                            show: { sink.showFromMainQueue($0) }, done: { done.resume() })
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.DownloadThread.structured(
                        oreilly, load: loader(context).load, log: context.log,
                        show: { @MainActor in sink.show($0) })
                }
            ),
        ]
    )
}

private let oreilly = URL(string: "http://www.OReilly.com")!

/// A fake loader that answers the example's URL with 2,048 bytes after a tenth of a second.
private func loader(_ context: RunContext) -> FakeLoader {
    FakeLoader(responses: [oreilly: Data(repeating: 0x2A, count: 2048)], latency: context.pace(.milliseconds(100)))
}
