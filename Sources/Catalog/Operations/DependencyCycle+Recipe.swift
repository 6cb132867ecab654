import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dependencyCycle = Recipe(
        id: "operation-dependency-cycle",
        title: "A depends on B, B depends on A",
        chapter: .operations,
        sources: ["*iOS Programming Cookbook*, §7.0 \"Introduction\" (its warning about operations that depend on each other)"],
        file: "Operations/DependencyCycle.swift",
        apis: [
            APIMapping(
                "addDependency forming a cycle",
                "no direct equivalent: `async let` and task groups can't form one; tasks awaiting each other's handles hang the same way"
            )
        ],
        problem: """
            Show what a dependency cycle does: operation A depends on B and B depends on A, so \
            neither can start. The *iOS Programming Cookbook* warns that both "will wait forever, \
            using memory and maybe hanging the app".
            """,
        changes: [
            """
            Nothing is logged on either side, and nothing traps: both demonstrations hang until \
            the child process's timeout (`DependencyCycleTests.bothSidesHangSilently`).
            """,
            """
            The modern counterpart takes unstructured tasks handed each other's handles: \
            structured code can't express the cycle, because an `async let` can only await what \
            was declared before it and a task group's children can't await each other. That is \
            the modern answer: build dependencies with `async let` and awaits, which only point \
            backwards (`operation-dependencies`).
            """,
            """
            The legacy operations sit in the queue, not ready, holding no thread; the modern \
            tasks are suspended, holding no thread either. Neither shows up as a busy CPU or a \
            blocked worker: look for work that never finishes.
            """,
        ],
        pitfalls: [
            """
            Neither `OperationQueue` nor Swift concurrency detects cycles. A graph built in \
            several places, or from data, can close one unnoticed; check it yourself (a \
            topological sort) before enqueueing.
            """,
            """
            Cancelling one operation of the cycle breaks it: a cancelled operation becomes ready, \
            finishes without running, and the other then runs \
            (`DependencyCycleTests.legacyCancellingOneOperationBreaksTheCycle`). Cancelling a task \
            that awaits a handle doesn't: `await task.value` ignores cancellation.
            """,
            """
            `waitUntilAllOperationsAreFinished()` on the main thread turns the cycle into a frozen \
            app; `await` on the main actor leaves the app responsive but the work never done.
            """,
        ],
        annotations: [
            "The log closure is `@escaping @Sendable`: the operations' blocks would run on the queue's threads."
        ],
        differences: [
            """
            Neither operation of the cycle is ever ready \
            (`DependencyCycleTests.legacyNeitherOperationIsEverReady`); the tasks start at once \
            and suspend, each awaiting the other. Both end the same way: nothing runs, and the \
            waiter hangs (`DependencyCycleTests.bothSidesHangSilently`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `runMutualAwait` would be main-actor-isolated and its two tasks would inherit the main actor; `nonisolated` keeps the two mutually waiting tasks off it.",
        replaces: [.addDependency, .blockOperation, .operationQueue, .addOperation, .waitUntilFinished],
        scenarios: [
            Scenario(
                rules: [.subprocessDemo(legacy: .hangs, modern: .hangs)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.DependencyCycle.runMutualDependency(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.DependencyCycle.runMutualAwait(log: log)
                    })
            )
        ]
    )
}
