import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let independentSerialQueues = Recipe(
        id: "independent-serial-queues",
        title: "Two serial queues run concurrently with each other",
        chapter: .queues,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its description of serial (private) dispatch queues",
            "*iOS Programming Cookbook*, §7.0 \"Introduction\" (its description of serial queues)",
        ],
        file: "Queues/IndependentQueues.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:)", "one actor per independent piece of state; different actors run in parallel"),
            APIMapping(
                "DispatchSemaphore",
                "a continuation resumed by the other side (never a semaphore wait inside an actor or task)"),
        ],
        prose: Articles.recipe("independent-serial-queues"),
        replaces: [.dispatchQueueLabel, .queueAsync],
        scenarios: [
            Scenario(
                rules: [.invariant(["job 1"])],
                legacy: { context in
                    let result = await withCheckedContinuation { done in
                        Legacy.IndependentQueues.signalAcrossQueues(
                            timeout: queuesRendezvousTimeout(context),
                            log: context.log
                        ) { done.resume(returning: $0) }
                    }
                    context.record("job 1", result)
                },
                modern: { context in
                    let result = await Modern.IndependentQueues.signalAcrossActors(
                        timeout: queuesRendezvousTimeout(context),
                        log: context.log
                    )
                    context.record("job 1", result)
                }
            )
        ]
    )
}
