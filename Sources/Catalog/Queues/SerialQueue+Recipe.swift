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
        problem: "Run background jobs strictly in submission order, one at a time, without blocking the caller.",
        changes: [
            "The queue becomes one task that drains an `AsyncStream` of jobs: `for await job in jobs { await job() }`. Submitting is still synchronous and never waits.",
            "Waiting for the queue to empty was a trailing `async` block with a completion; it is now `await queue.drain()`.",
            "Both halves count jobs in flight; the high-water mark is 1 on both, checked over 20 jobs.",
        ],
        pitfalls: [
            "An actor is not a FIFO queue. Separate `Task { await actor.job() }` calls from nonisolated code have no ordering guarantee; only tasks isolated to the same actor at creation, such as `Task { @MainActor in }`, start in order (SE-0431).",
            "An actor method that awaits lets other calls interleave (see `actor-reentrancy`); a serial queue runs each block to completion.",
            "A serial queue runs concurrently with other queues, never with itself (see `independent-serial-queues`).",
        ],
        annotations: [
            "The log and completion closures are `@escaping @Sendable`: they cross to the queue's thread.",
            "`InFlightGauge` is `@unchecked Sendable`, and every access to its counters holds its `NSLock`.",
        ],
        errata: [
            "*iOS Programming Cookbook*, §7.10: labels don't \"identify the queue system-wide\" and need not be unique. They are debugging names; reverse DNS is a convention."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `SerialQueue.init` would be main-actor-isolated, so its worker task would inherit the main actor and await every job there; `nonisolated` keeps the queue's worker off it.",
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
