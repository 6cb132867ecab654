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
        prose: Articles.recipe("operation-dependency-cycle"),
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
