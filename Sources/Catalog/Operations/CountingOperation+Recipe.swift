import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let countingOperation = Recipe(
        id: "operation-subclass-main",
        title: "`Operation` subclass overriding `main`",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" (`CountingOperation`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `YourOperation` overriding `main` and its notes on adding operations to a queue",
        ],
        file: "Operations/CountingOperation.swift",
        apis: [
            APIMapping("Operation subclass overriding main()", "an `async throws` function"),
            APIMapping("Operation.isCancelled in main()", "`try Task.checkCancellation()`, `Task.isCancelled`"),
            APIMapping("Operation.completionBlock", "the code after the `await`"),
            APIMapping("OperationQueue + addOperation", "a child task (`async let`, a task group)"),
            APIMapping("Operation.start()", "`await` the function"),
        ],
        problem: """
            Package synchronous work as an operation subclass that counts from 0 to 999, stops \
            when cancelled, and can be started by hand or handed to a queue with a completion \
            block.
            """,
        changes: [
            """
            The subclass, its designated initializer and its stored parameters become one \
            function, `count(from:to:log:)`; its `main` is the body. There is no object to create, \
            start, keep or release.
            """,
            """
            `while counter < endingCount && !isCancelled` becomes \
            `try Task.checkCancellation()` before every step: both stop at the next check after a \
            cancel (`CountingOperationTests.bothStopAtTheNextCheckAfterACancel`). The modern one \
            stops by throwing `CancellationError`, so the caller learns that the count is \
            incomplete.
            """,
            """
            `start()` becomes `try await count(…)`: `Main thread is here` still comes after the \
            last count, but the caller is suspended, not blocked (see `block-operation-start`).
            """,
            """
            On a queue, the completion block runs on one of the queue's threads once the operation \
            has finished (`CountingOperationTests.legacyCompletionBlockSeesTheOperationFinished`). \
            In the modern form the count is an `async let` child, and the completion is the line \
            after `try? await counting`, in the caller's own context.
            """,
            """
            The classic example's `Main Thread = …` and `Current Thread = …` lines are gone: thread \
            identities vary from run to run, and tasks have none.
            """,
        ],
        pitfalls: [
            """
            `cancel()` only sets a flag, in both worlds. A `main` that never reads `isCancelled`, \
            like a task body that never checks, runs to the end. The *iOS Programming Cookbook*'s \
            `main` reads it once, before the whole count, so a cancel during the count changes \
            nothing; check between steps.
            """,
            """
            Overriding only `main` needs no `isExecuting`/`isFinished` and no KVO calls: \
            `start()` marks the operation finished when `main` returns \
            (`CountingOperationTests.legacyBaseClassMarksTheSubclassFinished`). Override `start` \
            and manage the state only for work that finishes later, in a callback \
            (`operation-subclass-async`).
            """,
            """
            A completion block that uses its own operation must not capture it strongly \
            (`[unowned operation]`): the operation keeps the block until it finishes, and the \
            block would keep the operation.
            """,
            """
            The Objective-C `main`'s `@try`/`@catch` has no Swift equivalent for Objective-C \
            exceptions; Swift errors become the `throws` of the async function.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: the Objective-C `main` wraps its work in `@autoreleasepool`; pools exist \
            only there, and Swift rarely needs them (`autorelease-pool`).
            """,
        ],
        annotations: [
            """
            `CountingOperation` restates `@unchecked Sendable`: `Operation` is declared so (it \
            locks its own state), and a subclass must say it again. It is sound here because the \
            subclass adds only `let` constants, one of them a `@Sendable` closure.
            """,
            """
            The log and completion closures are `@escaping @Sendable`: `main` and the completion \
            block run on the queue's threads.
            """,
        ],
        differences: [
            """
            Cancelled before it starts, an operation never runs `main`: `start()` sees \
            `isCancelled` and marks it finished, and its completion block still runs \
            (`CountingOperationTests.legacyCancelledBeforeStartSkipsMainButFinishes`). A child \
            task created cancelled still runs its body, and the body's first \
            `checkCancellation()` throws before any count \
            (`CountingOperationTests.modernCancelledChildRunsItsBodyAndThrowsAtTheFirstCheck`). \
            The transcripts agree (`completion` alone) because the body checks before its first \
            step.
            """
        ],
        errata: [
            """
            *iOS Programming Cookbook*, §7.11: a synchronous `main` needs no \
            `willChangeValueForKey:`/`didChangeValueForKey:` calls; the base class manages the \
            state. Worse, redeclaring `finished` and `executing` with `isFinished`/`isExecuting` \
            getters replaces the base class's state: cancelled before it starts, the operation \
            never runs `main`, so its `isFinished` would stay NO and a queue would never let it go.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `runByHand` and `runAsChildTask` would run on the main actor; `nonisolated` keeps them on the caller's executor, while `count` leaves it either way (`@concurrent`).",
        replaces: [
            .operation, .operationStart, .operationInternals, .operationQueue, .addOperation, .operationCancel,
        ],
        scenarios: [
            Scenario(
                "by hand",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.CountingOperation.runByHand(log: log) }
                },
                modern: { context in
                    try await Modern.CountingOperation.runByHand(log: context.log)
                }
            ),
            Scenario(
                "on a queue",
                rules: [.exact],
                legacy: { context in
                    let queue = OperationQueue()
                    await withCheckedContinuation { done in
                        Legacy.CountingOperation.runOnQueue(queue, log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.CountingOperation.runAsChildTask(log: context.log)
                }
            ),
            Scenario(
                "cancelled before start",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.CountingOperation.runCancelledBeforeStart(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.CountingOperation.runCancelledBeforeStart(log: context.log)
                }
            ),
        ]
    )
}
