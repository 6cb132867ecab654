import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let operationDependencies = Recipe(
        id: "operation-dependencies",
        title: "Start B only after A (and DAGs)",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.13 \"Creating Dependency Between Operations\" and §7.0 \"Introduction\" (no order without dependencies)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its dependency graph (`intermediateOperation`, `finishedOperation`)",
        ],
        file: "Operations/OperationDependencies.swift",
        apis: [
            APIMapping("addDependency", "sequential awaits, an `async let` graph, awaiting a `Task` handle"),
            APIMapping(
                "removeDependency",
                "start the work together with `async let` instead of awaiting one before the other"
            ),
            APIMapping("NSInvocationOperation — not on Linux: BlockOperation", "plain `await` call"),
            APIMapping("OperationQueue + addOperation", "`async let`, `Task`"),
            APIMapping("addOperations(_:waitUntilFinished:)", "`await`"),
        ],
        problem: """
            Make one piece of background work start only after others have finished: the *iOS \
            Programming Cookbook*'s First operation after Second, and the Read-And-Learn wiki \
            page's graph where `intermediate` waits for `op1` and `op2`, and `finished` waits for \
            `intermediate`.
            """,
        changes: [
            """
            A dependency is the order of two `await`s: `await secondOperationEntry(222)` then \
            `await firstOperationEntry(111)`. The caller still goes on at once (`async let pair`) \
            and logs `Main thread is here` while the pair runs, as the legacy caller does.
            """,
            """
            The graph is `async let a = operation1(); async let b = operation2()`, then \
            `let sum = await intermediateOperation(a, b)`, then `await finishedOperation(sum)`. \
            Results are return values; the legacy side passes them through a lock-protected \
            dictionary, because an operation returns nothing.
            """,
            """
            Work that does not depend on each other starts together with `async let`; there is \
            nothing to remove.
            """,
            """
            When separate tasks must wait for each other, one awaits the other's handle \
            (`await second.value`). That is the shape of the cancelled-dependency scenario.
            """,
            """
            The classic example's `Main Thread = …` and `Current Thread = …` lines become one \
            `Done` line: thread identities vary from run to run (the *iOS Programming Cookbook*'s \
            sample output shows both operations on the same worker thread only because queues \
            reuse threads), and tasks have none.
            """,
        ],
        pitfalls: [
            """
            A cancelled dependency counts as finished: the dependent operation still starts, with \
            no result from it. Check inputs yourself (`dependency.isCancelled`, a missing value) in \
            both worlds.
            """,
            """
            A task group can't express dependencies between its own children; use `async let` and \
            `await` order, or tasks awaiting handles.
            """,
            """
            Awaiting a `Task` handle doesn't propagate cancellation to it: cancelling the waiter \
            leaves the awaited task running \
            (`OperationDependenciesTests.cancellingTheWaiterDoesNotCancelTheAwaitedTask`).
            """,
            """
            Without dependencies a queue promises no order, despite its name (the *iOS Programming \
            Cookbook*'s §7.0 says so too), and a dependency cycle means neither operation ever runs \
            (see `operation-dependency-cycle`).
            """,
        ],
        platformNotes: [
            """
            **Linux**: in swift-corelibs-foundation, `removeDependency` on a dependency that \
            hasn't finished leaves the dependent never ready, so the queue never runs it \
            (`OperationDependenciesTests.removeDependencyLeavesTheDependentNotReadyOnLinux`). \
            Build the graph you want before enqueueing.
            """,
        ],
        annotations: [
            "The log and completion closures are `@escaping @Sendable`: they run on the queue's threads.",
            """
            `OperationResults` is `@unchecked Sendable`; every access to its dictionary holds its \
            `NSLock`. The dependencies already order each write before its read, but the compiler \
            can't see that.
            """,
            """
            `Operation` and `OperationQueue` are `Sendable` (they lock their own state), so a \
            dependent's block may capture its dependency to ask `isCancelled`, and \
            `OperationDependencies`, which only stores its queue, is plainly `Sendable`.
            """,
        ],
        differences: [
            """
            A cancelled operation never runs its block: `start()` sees `isCancelled` and marks it \
            finished. A cancelled task still runs its body unless the body checks, and awaiting its \
            handle returns normally. In the cancelled-dependency scenario the modern transcript \
            therefore has Second's lines and the legacy one doesn't; in both, the dependent runs \
            and finds its dependency cancelled, so check results yourself \
            (`OperationDependenciesTests.cancelledOperationNeverRunsButItsDependentDoes`, \
            `OperationDependenciesTests.cancelledTaskStillRunsAndAwaitingItReturns`, \
            `OperationDependenciesTests.cancelledTaskThatChecksFailsButAwaitingItStillReturns`).
            """
        ],
        errata: [
            """
            *iOS Programming Cookbook*, §7.13: an operation does not wait for its dependencies to \
            finish "successfully"; a cancelled dependency counts as finished, and the dependent \
            runs anyway.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, the operation entries and the functions that order them would run on the main actor; `nonisolated` keeps them on the caller's executor and lets the `async let` children run off it.",
        replaces: [
            .addDependency,
            .blockOperation,
            .operationQueue,
            .addOperation,
            .waitUntilFinished,
            .operationCancel,
            .operation,
        ],
        scenarios: [
            Scenario(
                rules: [
                    .partialOrder([OrderConstraint(.prefix("Second Operation"), before: .prefix("First Operation"))]),
                    .perSourceOrder(["First Operation", "Second Operation"]),
                ],
                legacy: { context in
                    let owner = Legacy.OperationDependencies()
                    await withCheckedContinuation { done in
                        owner.runFirstAfterSecond(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.OperationDependencies.runFirstAfterSecond(log: context.log)
                }
            ),
            Scenario(
                "graph",
                rules: [
                    .partialOrder([
                        OrderConstraint(.prefix("operation1"), before: .prefix("intermediateOperation")),
                        OrderConstraint(.prefix("operation2"), before: .prefix("intermediateOperation")),
                        OrderConstraint(.prefix("intermediateOperation"), before: .prefix("finishedOperation")),
                    ])
                ],
                legacy: { context in
                    let owner = Legacy.OperationDependencies()
                    await withCheckedContinuation { done in
                        owner.runGraph(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.OperationDependencies.runGraph(log: context.log)
                }
            ),
            Scenario(
                "no dependency",
                rules: [.perSourceOrder(["First Operation", "Second Operation"])],
                legacy: { context in
                    let owner = Legacy.OperationDependencies()
                    await withCheckedContinuation { done in
                        owner.runWithoutDependency(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.OperationDependencies.runWithoutDependency(log: context.log)
                }
            ),
            Scenario(
                "cancelled dependency",
                rules: [.invariant(["dependentRan", "dependencyCancelled"])],
                legacy: { context in
                    let owner = Legacy.OperationDependencies()
                    await withCheckedContinuation { done in
                        owner.runAfterCancelledDependency(log: context.log) { done.resume() }
                    }
                    recordDependentOutcome(context)
                },
                modern: { context in
                    await Modern.OperationDependencies.runAfterCancelledDependency(log: context.log)
                    recordDependentOutcome(context)
                }
            ),
        ]
    )
}

/// What the cancelled-dependency scenario compares: the transcripts differ on purpose.
private func recordDependentOutcome(_ context: RunContext) {
    let lines = context.recorder.lines
    context.record("dependentRan", lines.contains("First Operation - Done"))
    context.record("dependencyCancelled", lines.contains("First Operation - Second Operation was cancelled"))
}
