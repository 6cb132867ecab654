import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let concurrencyLimiter = Recipe(
        id: "concurrency-limit",
        title: "At most N in flight, for work that keeps arriving",
        chapter: .operations,
        sources: [
            "Seen in real code: API clients and image loaders that keep `DispatchSemaphore(value: n)` in a property and "
                + "take it around each request; a long-lived shared `OperationQueue` with "
                + "`maxConcurrentOperationCount` that a build engine or a server feeds one ready job at a time"
        ],
        file: "Operations/ConcurrencyLimiter.swift",
        apis: [
            APIMapping(
                "`DispatchSemaphore(value: n)` kept by a long-lived object, `wait()` before each request, "
                    + "`signal()` in its completion",
                "an actor limiter: `try await limiter.run { … }` takes a permit, suspends in a FIFO line while "
                    + "all are taken, and gives it back on every path"),
            APIMapping(
                "OperationQueue.maxConcurrentOperationCount on a long-lived shared queue",
                "the same limiter around each job; for jobs handed over from synchronous code, one task that "
                    + "drains an `AsyncStream` with a sliding-window task group"),
            APIMapping(
                "a cancelled flag that a job waiting for the `DispatchSemaphore` checks when its turn comes",
                "cancelling the waiting caller's task: it leaves the line at once"),
            APIMapping(
                "OperationQueue.addOperation from synchronous code, in order",
                "`continuation.yield(job)`: returns at once, and the jobs start in the order of the calls"),
        ],
        prose: Articles.recipe("concurrency-limit"),
        replaces: [
            .semaphore, .semaphoreWait, .semaphoreSignal, .maxConcurrentOperationCount, .operationQueue,
            .addOperation,
        ],
        scenarios: [
            Scenario(
                "requests keep arriving",
                rules: [.exact, .invariant(["mostRunning"])],
                legacy: { context in
                    let log = context.log
                    let most = await onOwnThread { Legacy.ConcurrencyLimiter.keepArriving(log: log) }
                    context.record("mostRunning", most)
                },
                modern: { context in
                    let most = await Modern.ConcurrencyLimiter.keepArriving(log: context.log)
                    context.record("mostRunning", most)
                }
            ),
            Scenario(
                "a waiting request cancelled",
                rules: [.exact, .invariant(["mostRunning"])],
                legacy: { context in
                    let log = context.log
                    let most = await onOwnThread { Legacy.ConcurrencyLimiter.cancelWhileWaiting(log: log) }
                    context.record("mostRunning", most)
                },
                modern: { context in
                    let most = await Modern.ConcurrencyLimiter.cancelWhileWaiting(log: context.log)
                    context.record("mostRunning", most)
                }
            ),
            Scenario(
                "an engine hands jobs over",
                rules: [.exact, .invariant(["mostRunning"])],
                legacy: { context in
                    let log = context.log
                    let most = await onOwnThread { Legacy.JobQueue.engine(log: log) }
                    context.record("mostRunning", most)
                },
                modern: { context in
                    let most = await Modern.JobQueue.engine(log: context.log)
                    context.record("mostRunning", most)
                }
            ),
        ]
    )
}
