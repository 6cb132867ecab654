import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let concurrentQueueUnordered = Recipe(
        id: "concurrent-queue-unordered",
        title: "Concurrent queue: jobs start in order, finish in any order",
        chapter: .queues,
        sources: [
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Concurrent Queues\" and \"Concurrency vs Parallelism\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its list of the kinds of dispatch queue",
        ],
        file: "Queues/ConcurrentQueue.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:attributes: .concurrent)",
                "task group (`withTaskGroup`, `withDiscardingTaskGroup`)"),
            APIMapping("async(group:)", "`group.addTask`"),
            APIMapping("DispatchGroup.notify(queue:)", "code after `await withTaskGroup`"),
            APIMapping(
                "DispatchSemaphore",
                "a continuation-based async signal, resumed by the signal or a timeout task, whichever comes first"),
        ],
        prose: Articles.recipe("concurrent-queue-unordered"),
        replaces: [.concurrentQueue, .queueAsync, .groupAsync],
        scenarios: [
            Scenario(
                rules: [.multiset],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.ConcurrentQueue.runJobs(count: 8, log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.ConcurrentQueue.runJobs(count: 8, log: context.log)
                }
            ),
            Scenario(
                "rendezvous",
                rules: [.exact, .invariant(["rendezvous succeeded"])],
                legacy: { context in
                    let met = await withCheckedContinuation { done in
                        Legacy.ConcurrentQueue.rendezvous(timeout: queuesRendezvousTimeout(context), log: context.log) {
                            done.resume(returning: $0)
                        }
                    }
                    context.record("rendezvous succeeded", met)
                },
                modern: { context in
                    let met = await Modern.ConcurrentQueue.rendezvous(
                        timeout: queuesRendezvousTimeout(context),
                        log: context.log
                    )
                    context.record("rendezvous succeeded", met)
                }
            ),
        ]
    )
}

/// How long a job waits for its partner: a paced second (one second at the realistic pace), but never under five seconds.
///
/// The wait ends as soon as the signal comes, so a long bound costs nothing when the jobs
/// overlap. The floor is for busy machines: on Linux, GCD's worker threads and the cooperative
/// pool share one pool as wide as the core count, and when other work blocks all of it,
/// libdispatch adds a thread only about once a second. The partner then starts late, not never.
func queuesRendezvousTimeout(_ context: RunContext) -> Duration {
    max(context.pace(.seconds(1)), .seconds(5))
}
