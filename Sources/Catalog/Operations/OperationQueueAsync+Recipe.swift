import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let operationQueueAsync = Recipe(
        id: "operation-queue-async",
        title: "Operations on a queue run off-thread; the caller continues",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.12 \"Running Tasks Asynchronously with Operations\" (two invocation operations on an `NSOperationQueue`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its notes on operation queues and on adding an operation to one",
        ],
        file: "Operations/OperationQueueAsync.swift",
        apis: [
            APIMapping("OperationQueue + addOperation", "`async let` (child tasks), a task group"),
            APIMapping("NSInvocationOperation — not on Linux: BlockOperation", "an `async` function"),
            APIMapping("waitUntilAllOperationsAreFinished", "`await` the `async let` values"),
        ],
        problem: """
            Run two pieces of work in the background, at the same time, without blocking the \
            caller: the *iOS Programming Cookbook*'s §7.12 adds two operations (111 and 222) to an \
            `OperationQueue`, and its caller logs `Main thread is here` at once.
            """,
        changes: [
            """
            `operationQueue.addOperation(firstOperation)` becomes \
            `async let first: Void = firstOperationEntry(111, log: log)`. Both children start at \
            once and run beside the caller, which logs `Main thread is here` and then awaits them.
            """,
            """
            The entries are `@concurrent`: they run on the shared pool, never on the caller's \
            actor, as the queue's operations run on the queue's threads and never on the caller's \
            (`OperationQueueAsyncTests.legacyOperationsRunOnTheQueuesThreadsNotTheCallers`).
            """,
            """
            There is no queue to keep in a property and nothing to wait on from outside: the \
            function returns when both children have. The legacy caller waits for the queue with \
            `waitUntilAllOperationsAreFinished()`, on a thread of its own.
            """,
            """
            The gated scenario holds the work back until the caller has logged: the legacy side \
            suspends its queue (`isSuspended`) while it adds the operations, the modern children \
            first await a gate `Task` that the caller opens. Either way the two entries then run \
            in either order.
            """,
            """
            The classic example's `Main Thread = …` and `Current Thread = …` lines become one \
            `Done` line per entry: thread identities vary from run to run, and tasks have none.
            """,
        ],
        pitfalls: [
            """
            Without dependencies a queue promises no order, despite its name (the *iOS Programming \
            Cookbook*'s §7.0 says so): the book's own two sample runs print the lines in different \
            orders. Children of `async let` \
            or a task group don't either. Order what must be ordered with `await` \
            (`operation-dependencies`).
            """,
            """
            Never call `start()` on an operation you have added to a queue: the queue starts it \
            (see `block-operation-start` for what `start()` does).
            """,
            """
            `waitUntilAllOperationsAreFinished()` blocks its thread. On the main thread it freezes \
            the app, and it deadlocks if an operation waits for the main queue. In async code, \
            `await` instead.
            """,
            """
            `async let` children are awaited, and cancelled, when the scope that made them ends \
            (`OperationQueueAsyncTests.asyncLetChildIsCancelledWithItsParent`); a `Task {}` is \
            not. Work that must outlive its caller is a `Task` whose handle you keep.
            """,
        ],
        annotations: [
            """
            The log closure is `@escaping @Sendable`: the operations' blocks are `@Sendable` and \
            run on the queue's threads.
            """,
            """
            `OperationQueueAsync` is plainly `Sendable`: it only stores its queue, and \
            `OperationQueue` locks its own state.
            """,
        ],
        differences: [
            """
            The legacy call returns as soon as the operations are queued, and they outlive it: \
            with the queue suspended, `runTwoOperations` returns having logged only \
            `Main thread is here` (`OperationQueueAsyncTests.legacyCallReturnsBeforeItsOperationsRun`). \
            Whoever needs the work done waits for the queue. The modern function returns only \
            when both children have finished \
            (`OperationQueueAsyncTests.modernCallReturnsOnlyAfterBothChildrenFinished`); its \
            caller continues beside them only inside it.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `runTwoEntries` would run on the main actor; `nonisolated` keeps it on the caller's executor, while the two entries leave it either way (`@concurrent`).",
        replaces: [.operationQueue, .addOperation, .blockOperation, .waitUntilFinished, .operation],
        scenarios: [
            Scenario(
                rules: [.multiset, .perSourceOrder(["firstOperationEntry", "secondOperationEntry"])],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.OperationQueueAsync().runAndWait(log: log) }
                },
                modern: { context in
                    await Modern.OperationQueueAsync.runTwoEntries(log: context.log)
                }
            ),
            Scenario(
                "gated",
                rules: [
                    .partialOrder([
                        OrderConstraint(.line("Main thread is here"), before: .prefix("firstOperationEntry")),
                        OrderConstraint(.line("Main thread is here"), before: .prefix("secondOperationEntry")),
                    ]),
                    .perSourceOrder(["Main thread is here", "firstOperationEntry", "secondOperationEntry"]),
                ],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.OperationQueueAsync().runGatedAndWait(log: log) }
                },
                modern: { context in
                    await Modern.OperationQueueAsync.runGated(log: context.log)
                }
            ),
        ]
    )
}
