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
        prose: Articles.recipe("sync-on-concurrent-queue"),
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
