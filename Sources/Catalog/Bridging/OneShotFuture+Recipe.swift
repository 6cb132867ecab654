import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let oneShotFuture = Recipe(
        id: "one-shot-future",
        title: "A value that arrives once, for handlers registered before or after",
        chapter: .bridging,
        sources: [
            "Seen in real code: mxcl/PromiseKit Sources/Box.swift; the shape of NIO's `EventLoopPromise`"
        ],
        file: "Bridging/OneShotFuture.swift",
        apis: [
            APIMapping(
                "async(flags: .barrier) around pending(handlers) / resolved(value)",
                "an actor holding the value and a dictionary of continuations"),
            APIMapping(
                "DispatchQueue.sync(flags: .barrier) to register a handler",
                "`try await future.value()`: at once if resolved, else a parked continuation"),
            APIMapping("async(flags: .barrier) removing a handler by its id", "cancelling the waiting task"),
        ],
        problem: """
            One value arrives once (a configuration, a login, the first location fix), and code \
            that asks for it before it arrives must get it when it does, while code that asks \
            afterwards gets it at once. You have probably met this as PromiseKit's `Box` \
            (`.pending` handlers, `.resolved` value) or NIO's `EventLoopPromise`.
            """,
        changes: [
            """
            The legacy state is an enum behind a barrier queue: `pending([id: handler])` or \
            `resolved(value)`. The modern state is an actor's `value: Value?` and a dictionary of \
            continuations; `value()` returns at once when the value is there.
            """,
            """
            Handlers registered before and after the value each get it exactly once, and a \
            second fulfil is ignored (`OneShotFutureTests.everyWaiterGetsTheValueExactlyOnce`, \
            with hundreds of waiters on both sides, `OneShotFutureTests.aSecondFulfilIsIgnored`).
            """,
            """
            A modern waiter gives up by being cancelled: `withTaskCancellationHandler` removes its \
            continuation and resumes it with `CancellationError`. The legacy waiter removes its \
            handler by id. Either way nothing is left in the list \
            (`OneShotFutureTests.cancelledWaitersLeaveNoContinuation`, \
            `OneShotFutureTests.removedHandlersAreNeverCalled`).
            """,
            """
            If no one ever needs to stop waiting, a `Task` is already a one-shot future: its \
            `value` can be awaited any number of times, before or after it finishes. Awaiting it \
            ignores the waiter's cancellation, which is why this recipe keeps its own list.
            """,
        ],
        pitfalls: [
            """
            A continuation must be resumed exactly once. The cancellation handler runs \
            concurrently with the code that parks the continuation, possibly before it: check \
            `Task.isCancelled` when parking, and resume only the continuation you removed from \
            the dictionary (`OneShotFutureTests.callersCancelledBeforeTheyParkGetCancellationError`).
            """,
            """
            Never call handlers inside the barrier: a handler that registers another handler (or \
            reads the state) would `sync` onto the queue it is running on, and trap.
            """,
            """
            A future that is never fulfilled leaves its waiters waiting forever, on both sides: \
            give the producer a way to fail (a `Result`, or throwing continuations resumed with an \
            error) and the waiters a way to leave (cancellation).
            """,
        ],
        annotations: [
            """
            `OneShotFuture` is `@unchecked Sendable`: its state is only written in barrier blocks \
            on its private concurrent queue and only read with `sync` on it.
            """,
            "Handlers are `@escaping @Sendable`: they are stored and called on a global queue.",
        ],
        differences: [
            """
            Legacy handlers run on a global queue, all at once and in any order; modern waiters \
            resume in their own tasks. Neither side promises an order among the waiters \
            (`OneShotFutureTests.everyWaiterGetsTheValueExactlyOnce` compares counts, not order).
            """
        ],
        replaces: [.barrier, .concurrentQueue],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.OneShotFuture<Int>.runDemo(log: context.log) }
                },
                modern: { context in
                    await Modern.OneShotFuture<Int>.runDemo(log: context.log)
                }
            )
        ]
    )
}
