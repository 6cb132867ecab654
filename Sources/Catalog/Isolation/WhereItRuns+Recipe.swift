import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let whereDoesItRun = Recipe(
        id: "where-does-it-run",
        title: "Where does this code run? Queues vs isolation, step by step",
        chapter: .isolation,
        sources: [
            "*SE-0461: Run nonisolated async functions on the caller's actor by default* (`nonisolated(nonsending)`, `@concurrent`)",
            "*SE-0472: Starting tasks synchronously from caller context* (`Task.immediate`)",
            "*The Swift Programming Language*, \"Concurrency\", \"Unstructured Concurrency\" (`Task {}` vs `Task.detached`)",
        ],
        file: "Isolation/WhereItRuns.swift",
        apis: [
            APIMapping(
                "__dispatch_queue_get_label(nil) / DispatchSpecificKey to log where a block runs",
                "`#isolation`: the actor the code runs on (`nil`: the global executor), whichever thread that is"),
            APIMapping(
                "a plain function called on the caller's queue (DispatchQueue.main, a DispatchQueue(label:))",
                "a `nonisolated async` function: runs on the caller's actor (`NonisolatedNonsendingByDefault`)"),
            APIMapping("DispatchQueue.global().async { work }", "`await` a `@concurrent` function"),
            APIMapping("DispatchQueue.main.async from main-queue code", "`Task {}` created on the main actor"),
            APIMapping(
                "DispatchQueue.global().async { …; DispatchQueue.main.async { update() } }",
                "`Task.detached { …; await update() }` with `update` `@MainActor`: the compiler hops"),
            APIMapping(
                "a block called inline (or with DispatchQueue.sync) to start before the next line",
                "`Task.immediate`: starts on the caller, up to its first `await`"),
        ],
        prose: Articles.recipe("where-does-it-run"),
        replaces: [
            CodeShape(
                "dispatch_queue_get_label (logging the current queue)",
                swift: ["__dispatch_queue_get_label"],
                objc: ["dispatch_queue_get_label", "DISPATCH_CURRENT_QUEUE_LABEL"],
                modern: "`#isolation`"),
            .queueSpecific,
        ],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.WhereItRuns.run(log: context.log) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    await Modern.WhereItRuns.run(log: context.log)
                }
            )
        ]
    )
}
