import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let blockOperationStart = Recipe(
        id: "block-operation-start",
        title: "`start()` blocks the caller until the block finishes",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" (the `NSBlockOperation` counting to 999)"
        ],
        file: "Operations/BlockOperationStart.swift",
        apis: [
            APIMapping(
                "BlockOperation + start()",
                "`await` an async function; `@concurrent` so that the work leaves the caller's actor"
            ),
            APIMapping("NSBlockOperation blockOperationWithBlock:", "an `async` function"),
        ],
        problem: """
            Run a block of work as an operation and see what starting it by hand does to the \
            caller: the *iOS Programming Cookbook*'s §7.11 counts from 0 to 999 in a \
            `BlockOperation`, calls `start()` on the main thread, then logs `Main thread is here`.
            """,
        changes: [
            """
            The block becomes an async function, `count(_:log:)`, and `start()` becomes \
            `await count(0..<1000, log: log)`. The line after it still runs only when the count is \
            done: both transcripts are the 1,000 `Count` lines, then `Main thread is here`.
            """,
            """
            `start()` runs the block on the calling thread and holds that thread until it \
            returns. `await` suspends the caller instead, and `count` is `@concurrent`, so it \
            runs on the shared pool: a caller on the main actor leaves the main actor free while \
            it waits.
            """,
            """
            The classic example's `Main Thread = …` and `Current Thread = …` lines are gone. They \
            showed that the block ran on the main thread (`num = 1`); thread identities vary from \
            run to run, and tasks have none. The behaviour tests assert the thread instead.
            """,
        ],
        pitfalls: [
            """
            Without `@concurrent`, a nonisolated `async` function runs on its caller's actor when \
            `NonisolatedNonsendingByDefault` is on (new Xcode projects turn it on). A CPU loop \
            called from the main actor would then hold the main actor as `start()` held the main \
            thread. Mark CPU work that must leave the caller `@concurrent`.
            """,
            """
            Calling `start()` on the main thread freezes the UI for as long as the operation runs. \
            The *iOS Programming Cookbook* calls this "very unprofessional" and quotes Apple's \
            advice: put the work in an operation and add it to a queue (`operation-queue-async`). \
            Never call `start()` on an operation that is on a queue.
            """,
            """
            Blocks added with `addExecutionBlock` may run concurrently with each other (Apple \
            documents this). `start()` still returns only when all of them have finished.
            """,
            """
            An operation runs at most once: `start()` on a finished operation does nothing \
            (`BlockOperationStartTests.aSecondStartDoesNothing`).
            """,
        ],
        platformNotes: [
            """
            **Linux**: swift-corelibs-foundation runs the blocks added with `addExecutionBlock` \
            one after another.
            """,
            """
            **Darwin**: `start()` on an operation that isn't ready (its dependencies haven't \
            finished) or is already executing raises an exception.
            """,
        ],
        annotations: [
            """
            The log closure is `@escaping @Sendable`: `BlockOperation`'s block is `@Sendable`, \
            because a queue may run it on any thread, even though `start()` runs it right here.
            """
        ],
        differences: [
            """
            `start()` holds the thread that calls it. Called from a main-queue block, it keeps the \
            main queue busy for the whole count: a block posted to the main queue at `Count = 0` \
            runs only after `Main thread is here` \
            (`BlockOperationStartTests.legacyStartHoldsTheMainQueueUntilTheBlockReturns`), and the \
            block runs on the thread that called `start()` \
            (`BlockOperationStartTests.legacyBlockRunsOnTheThreadThatCalledStart`).
            """,
            """
            `await` suspends the caller without blocking its actor. Called from the main actor, \
            the `@concurrent` count leaves the main actor free: a main-actor job posted at \
            `Count = 0` runs before the count goes on, and so before `Main thread is here` \
            (`BlockOperationStartTests.modernAwaitLeavesTheMainActorFreeWhileCounting`).
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `countThenContinue` would run on the main actor; `nonisolated` keeps it on the caller's executor, and `count` leaves it either way (`@concurrent`).",
        replaces: [.operationStart, .blockOperation, .operation],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.BlockOperationStart.countThenContinue(log: log) }
                },
                modern: { context in
                    await Modern.BlockOperationStart.countThenContinue(log: context.log)
                }
            )
        ]
    )
}
