import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let serialQueue = Recipe(
        id: "serial-queue",
        title: "Serial queue: strict FIFO, one job at a time",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.10 \"Constructing Your Own Dispatch Queues with GCD\" and §7.0 \"Introduction\"",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Queues\" and \"Serial Queues\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its description of serial (private) dispatch queues",
        ],
        file: "Queues/SerialQueue.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:)",
                "a single-consumer `AsyncStream` worker; an actor when order between callers does not matter"),
            APIMapping("DispatchQueue.async", "`yield` a job into the worker's stream"),
        ],
        prose: Articles.recipe("serial-queue"),
        replaces: [.dispatchQueueLabel, .queueAsync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.SerialQueue.countThreeTimes(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.SerialQueue.countThreeTimes(log: context.log)
                }
            ),
            Scenario(
                "20 jobs in flight",
                rules: [.invariant(["maxInFlight"])],
                legacy: { context in
                    let highest = await withCheckedContinuation { done in
                        Legacy.SerialQueue.maxInFlight(jobs: 20) { done.resume(returning: $0) }
                    }
                    context.record("maxInFlight", highest)
                },
                modern: { context in
                    context.record("maxInFlight", await Modern.SerialQueue.maxInFlight(jobs: 20))
                }
            ),
        ]
    )
}
