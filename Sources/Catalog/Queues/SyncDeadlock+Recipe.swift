import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let syncDeadlock = Recipe(
        id: "sync-deadlock",
        title: "`sync` onto the queue you are already on",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.4 \"Performing UI-Related Tasks with GCD\", §7.6 \"Executing Non-UI Related Tasks Asynchronously with GCD\" and §7.10 \"Constructing Your Own Dispatch Queues with GCD\"",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Handling the Readers and Writers Problem\" (its `dispatch_sync` guidance)",
        ],
        file: "Queues/SyncDeadlock.swift",
        apis: [
            APIMapping(
                "sync onto the current queue; main.sync from main",
                "no direct equivalent (awaiting your own actor is a plain call)"),
            APIMapping(
                "DispatchQueue.sync",
                "`await` (the caller suspends); `await MainActor.run {}` for `main.sync`; `MainActor.assumeIsolated` in synchronous code already on main"
            ),
        ],
        prose: Articles.recipe("sync-deadlock"),
        replaces: [.mainSync, .queueSync],
        scenarios: [
            Scenario(
                "main.sync from main",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.SyncDeadlock.mainSyncFromMain(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.SyncDeadlock.mainActorRunFromMainActor(log: log)
                    })
            ),
            Scenario(
                "sync onto the current queue",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.SyncDeadlock.syncOntoCurrentQueue(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.SyncDeadlock.callOwnActor(log: log)
                    })
            ),
            Scenario(
                "two queues sync into each other",
                rules: [.subprocessDemo(legacy: .hangs, modern: .hangs)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.SyncDeadlock.syncIntoEachOther(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.SyncDeadlock.awaitNeverResumedContinuation(log: log)
                    })
            ),
        ]
    )
}
