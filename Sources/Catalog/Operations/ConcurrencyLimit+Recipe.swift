import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let concurrencyLimit = Recipe(
        id: "operation-max-concurrency",
        title: "`maxConcurrentOperationCount` → sliding-window task group",
        chapter: .operations,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `maxConcurrentOperationCount` and priority notes, and the serial queue of its `NSInputStream` line reader"
        ],
        file: "Operations/ConcurrencyLimit.swift",
        apis: [
            APIMapping(
                "maxConcurrentOperationCount",
                "a sliding-window task group: past the first k jobs, `await group.next()` before each `addTask`"
            ),
            APIMapping(
                "maxConcurrentOperationCount = 1",
                "a window of 1, or one task draining an `AsyncStream` of jobs (`serial-queue`)"
            ),
            APIMapping("OperationQueue.addOperations(_:waitUntilFinished:)", "`group.addTask`"),
            APIMapping(
                "Operation.queuePriority",
                "no direct equivalent: the window adds jobs in the order you give them"
            ),
        ],
        prose: Articles.recipe("operation-max-concurrency"),
        replaces: [
            .maxConcurrentOperationCount, .operationQueue, .addOperation, .blockOperation, .addDependency, .operation,
        ],
        scenarios: [
            limitScenario("limit 1", limit: 1),
            limitScenario("limit 2", limit: 2),
        ]
    )
}

/// Eight jobs, at most `limit` at a time: both sides log the same lines in the same order (the
/// driver sequences the jobs) and reach the same high-water mark.
private func limitScenario(_ name: String, limit: Int) -> Scenario {
    Scenario(
        name,
        rules: [.exact, .invariant(["maxInFlight"])],
        legacy: { context in
            let work = context.pace(.milliseconds(100))
            let maxInFlight = await withCheckedContinuation { done in
                Legacy.ConcurrencyLimit.runJobs(
                    maxConcurrentOperationCount: limit, work: work, log: context.log
                ) { done.resume(returning: $0) }
            }
            context.record("maxInFlight", maxInFlight)
        },
        modern: { context in
            let work = context.pace(.milliseconds(100))
            let maxInFlight = await Modern.ConcurrencyLimit.runJobs(limit: limit, work: work, log: context.log)
            context.record("maxInFlight", maxInFlight)
        }
    )
}
