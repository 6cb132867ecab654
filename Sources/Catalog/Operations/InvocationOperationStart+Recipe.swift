import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let invocationOperationStart = Recipe(
        id: "invocation-operation-start",
        title: "Invocation operation with a parameter, started by hand",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" (`simpleOperationEntry:`) and §7.0 \"Introduction\" (keep a reference to every operation)"
        ],
        file: "Operations/InvocationOperationStart.swift",
        apis: [
            APIMapping(
                "NSInvocationOperation(target:selector:object:) — not on Linux: BlockOperation { method(arg) }",
                "a direct call: `await simpleOperationEntry(123)`"
            ),
            APIMapping("BlockOperation + start()", "`await` the call; `Task.immediate` from synchronous code"),
        ],
        problem: """
            Wrap a method call with an argument (the *iOS Programming Cookbook*'s \
            `simpleOperationEntry:` with 123) in an operation, and run it yourself with `start()`.
            """,
        changes: [
            """
            `NSInvocationOperation(target: self, selector: #selector(simpleOperationEntry(_:)), \
            object: 123)` needs selectors, which Linux doesn't have. \
            `BlockOperation { [self] in simpleOperationEntry(simpleObject) }` makes the same call, \
            and the compiler checks it. The modern side drops the wrapper: \
            `await simpleOperationEntry(simpleObject)`.
            """,
            """
            `start()` runs the block on the calling thread \
            (`InvocationOperationStartTests.legacyEntryRunsOnTheThreadThatCalledStart`) and \
            returns when it is done, so `Parameter Object = 123` comes before `Back in the \
            caller`. The `await` keeps that order but suspends the caller instead of holding its \
            thread (see `block-operation-start`).
            """,
            """
            Synchronous code that must have the work started before its next line, as `start()` \
            guaranteed, uses `Task.immediate`: the task runs right there up to its first \
            suspension (`InvocationOperationStartTests.modernImmediateTaskRunsTheEntryBeforeReturning`).
            """,
            """
            The classic example's `Main Thread = …` and `Current Thread = …` lines are gone: thread \
            identities vary from run to run, and tasks have none. The behaviour tests assert the \
            thread instead.
            """,
        ],
        pitfalls: [
            """
            `start()` on the main thread blocks the UI for as long as the method runs. To run the \
            call in the background, add the operation to a queue and never call `start()` on it \
            (`operation-queue-async`).
            """,
            """
            A completion block doesn't run inside `start()`: it may run on another thread, and may \
            not have run when `start()` returns \
            (`InvocationOperationStartTests.legacyCompletionBlockRunsOnAnotherThread`). Put what \
            must follow the call after `start()`, or after the `await`.
            """,
            """
            The *iOS Programming Cookbook*'s advice to keep a reference to every operation (§7.0) \
            matters for operations you may cancel or ask about later; the queue itself keeps the \
            operations it runs. A `Task` handle is the same: keep it only to await or cancel it.
            """,
            """
            An `NSInvocationOperation`'s `result` carried the method's return value; in Swift the \
            block writes it somewhere, and the async call just returns it.
            """,
        ],
        platformNotes: [
            """
            **Linux**: swift-corelibs-foundation hands a completion block to a global queue once \
            the operation has finished, so it runs on another thread.
            """,
            """
            **Darwin**: Apple documents only that a completion block's context is not guaranteed \
            (typically a secondary thread).
            """,
        ],
        annotations: [
            """
            `InvocationOperationStart` is plainly `Sendable`: it holds only a `@Sendable` log \
            closure, so the operation's `@Sendable` block may capture `self`.
            """
        ],
        differences: [
            """
            The operation's block runs on the thread that called `start()` \
            (`InvocationOperationStartTests.legacyEntryRunsOnTheThreadThatCalledStart`); an \
            `async` call runs on its caller's executor (or the pool, for `@concurrent`), with no \
            thread to name, and the modern test checks order only \
            (`InvocationOperationStartTests.modernAwaitRunsTheEntryBeforeTheNextLine`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `InvocationOperationStart` would land on the main actor, so only main-actor code could call `startImmediately` and its immediate task would be main-actor-isolated; `nonisolated` lets any synchronous code start it, running the task's first part on the calling thread.",
        replaces: [.invocationOperation, .blockOperation, .operationStart, .operation],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.InvocationOperationStart(log: log).startSimpleOperation() }
                },
                modern: { context in
                    await Modern.InvocationOperationStart(log: context.log).startSimpleOperation()
                }
            ),
            Scenario(
                "from synchronous code",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.InvocationOperationStart(log: log).startSimpleOperation() }
                },
                modern: { context in
                    let log = context.log
                    let task = await onOwnThread { Modern.InvocationOperationStart(log: log).startImmediately() }
                    await task.value
                }
            ),
        ]
    )
}
