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
        prose: Articles.recipe("operation-dependencies"),
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
