import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let isolationQueuePerObject = Recipe(
        id: "isolation-queue-per-object",
        title: "A private serial queue per object → actor",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its per-object `<Class>.isolation.<%p>` and `<Class>.work.<%p>` queues"
        ],
        file: "SharedState/EventCounter.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:) per object (isolation queue)",
                "`actor`: its serial executor is the isolation queue"),
            APIMapping("DispatchQueue.async on the isolation queue (writes)", "an actor method, awaited by callers outside"),
            APIMapping("DispatchQueue.sync on the isolation queue (reads)", "`await` the actor's property"),
            APIMapping(
                "DispatchQueue(label:) per object (work queue)",
                "a `@concurrent nonisolated` async method"),
        ],
        prose: Articles.recipe("isolation-queue-per-object"),
        replaces: [.dispatchQueueLabel],
        scenarios: [
            Scenario(
                "4 callers × 1,000 increments",
                rules: [.invariant(["count", "report"])],
                legacy: { context in
                    let (counter, report) = await withCheckedContinuation { done in
                        Legacy.EventCounter.exercise(callers: 4, times: 1_000) {
                            done.resume(returning: ($0, $1))
                        }
                    }
                    for label in [counter.isolationQueue.label, counter.workQueue.label] {
                        context.log("queue \(label.replacing(/0x[0-9a-fA-F]+/, with: "<address>"))")
                    }
                    context.log(report)
                    context.record("count", counter.value)
                    context.record("report", report)
                },
                modern: { context in
                    let (count, report) = await Modern.EventCounter.exercise(callers: 4, times: 1_000)
                    context.log(report)
                    context.record("count", count)
                    context.record("report", report)
                }
            )
        ]
    )
}
