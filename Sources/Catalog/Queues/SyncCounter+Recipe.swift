import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let syncOnConcurrentQueue = Recipe(
        id: "sync-on-concurrent-queue",
        title: "`sync` on a global queue: the caller waits, in order",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.5 \"Executing Non-UI Related Tasks Synchronously with GCD\""
        ],
        file: "Queues/SyncCounter.swift",
        apis: [
            APIMapping(
                "DispatchQueue.sync",
                "`await` a `@concurrent` function (the caller suspends, not blocks); `Task.immediate` to start inline"),
            APIMapping("DispatchQueue.global(qos:)", "`@concurrent` functions, which run on the global executor"),
        ],
        problem: "Run a non-UI block synchronously: the caller waits for it, and two such calls never interleave.",
        changes: [
            "`DispatchQueue.global().sync { printFrom1To1000() }` becomes `await printFrom1To1000()`, with the function marked `@concurrent` so that it leaves the caller's actor as the block left for the global queue.",
            "The caller still waits, but it *suspends* instead of blocking its thread, so the thread is free for other work meanwhile.",
            "Two awaits in a row are ordered exactly like two `sync` calls: 2,000 lines, `Counter = 1`…`1000` twice, never interleaved.",
            "The classic `dispatch_sync_f` with a C function is the same closure in Swift.",
        ],
        pitfalls: [
            "Never call `.sync` (or any blocking wait) from async code: it blocks a cooperative thread, and the pool has only as many as there are cores.",
            "Without `@concurrent`, and with `NonisolatedNonsendingByDefault` on (as in this package and in new Xcode projects), a plain `async` function runs on its caller's actor: called from the main actor, the count would run on main.",
            "GCD's \"run a `sync` block on the calling thread\" optimisation has no async equivalent, and `Thread.current` is unavailable in async code. Don't write code that depends on which thread runs it; use isolation (`@MainActor`, actors) instead.",
        ],
        annotations: [
            "`log` is `@escaping @Sendable`: the same closure is handed to whatever thread runs the block."
        ],
        differences: [
            "Legacy only: the `sync` block runs on the thread that called `sync`, although it targets a global queue (GCD's optimisation; `SyncCounterTests.legacySyncBlockRunsOnTheCallingThread`). The modern function runs wherever the global executor puts it; there is no thread to compare in async code."
        ],
        errata: [
            "*iOS Programming Cookbook*, §7.5: \"synchronous execution doesn't mean the program waits\" is wrong. `sync` blocks the caller until the block returns, and two `sync` calls from one thread are ordered whatever the queue."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `countTwice` would run on the main actor; `nonisolated` keeps it on the caller's executor, while each count leaves it either way (`@concurrent`).",
        replaces: [.queueSync, .globalQueue],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    // `sync` blocks the calling thread, so the legacy code gets a thread of its own.
                    await onOwnThread { Legacy.SyncCounter.countTwice(log: context.log) }
                },
                modern: { context in
                    await Modern.SyncCounter.countTwice(log: context.log)
                }
            )
        ]
    )
}
