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
        problem:
            "A `sync` that targets the current serial queue (or the main queue from the main thread) waits for itself.",
        changes: [
            "The same-queue deadlock doesn't exist in Swift concurrency: `await MainActor.run {}` from the main actor just runs the closure, and an actor calling its own methods calls them directly.",
            "The modern hangs are different, and quieter: a continuation that is never resumed (shown here: a callback API that forgets to call back on a cache miss), tasks awaiting each other (`operation-dependency-cycle`), and a pool blocked by waits (`semaphore-in-async-starvation`). None of them traps; they just never finish.",
            "Every demonstration runs in a child process with a timeout, so a trap or a hang never takes down the caller.",
        ],
        pitfalls: [
            "`main.sync` from a background queue is legal, but deadlocks as soon as main is waiting for that background work (for example in a `group.wait()`).",
            "A nested `sync` on a *global concurrent* queue works (the *iOS Programming Cookbook*'s §7.6 does it, pointlessly); only serial queues deadlock on themselves.",
            "Two serial queues that `sync` into each other from two threads hang with no diagnostic: libdispatch only detects a thread waiting on a queue it already holds.",
            "`await MainActor.run` replaces `main.sync`. `MainActor.assumeIsolated` replaces \"if on main run inline, else `main.sync`\", but only in synchronous code.",
            "Wrap callback APIs with `withCheckedContinuation` (not the unsafe variant) while you migrate: a continuation dropped without being resumed then prints a warning, the only clue you get.",
        ],
        platformNotes: [
            "**Linux**: `main.sync` from the main thread and `q.sync` from a block running on `q` trap at once (SIGILL, exit 132) after logging their first line; the behaviour tests insist on it (`SyncDeadlockTests.legacySameQueueSyncTrapsAfterItsFirstLine`).",
            "**Darwin**: the same two calls trap too; they do not hang. libdispatch's `_dispatch_sync_f_slow` calls `__DISPATCH_WAIT_FOR_QUEUE__`, which crashes with \"BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread\" when the thread that waits already holds the queue, and `libdispatch_init` binds the main queue to the main thread, so `main.sync` from main is caught the same way. The trap instruction raises SIGTRAP on Apple silicon (`EXC_BREAKPOINT`) and SIGILL on Intel.",
        ],
        annotations: [
            "The log closure is `@escaping @Sendable`: it is called from the queues' threads."
        ],
        differences: [
            "`main.sync` from the main thread and `q.sync { q.sync {} }` trap at once on Linux (SIGILL, exit 132) after logging their first line; `await MainActor.run` from the main actor and a call into your own actor finish (`SyncDeadlockTests.legacySameQueueSyncTrapsAfterItsFirstLine`, `SyncDeadlockTests.modernCounterpartsFinish`).",
            "Two queues syncing into each other and a never-resumed continuation both hang until the timeout (`SyncDeadlockTests.crossSyncAndLostContinuationHang`).",
        ],
        errata: [
            "*iOS Programming Cookbook*, §7.4 and §7.6: the first says never to `dispatch_sync` to the main queue, and the second then does it from a background block. That is legal off main, but deadlocks if main is waiting for that block."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `callOwnActor`, `awaitNeverResumedContinuation` and the buggy `fetchValue` would be main-actor-isolated; `nonisolated` keeps them on the caller's executor, leaving only `mainActorRunFromMainActor` on the main actor.",
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
