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
        problem: "Run independent jobs at the same time when the order in which they finish doesn't matter.",
        changes: [
            "The private concurrent queue plus a `DispatchGroup` becomes one task group: each `async(group:)` is an `addTask`, and `notify` is simply the code after the group, which returns only when every child has finished.",
            "`withDiscardingTaskGroup` fits jobs that return nothing; `withTaskGroup(of:)` collects results as they finish (the rendezvous uses it).",
            "The rendezvous proves the overlap on both sides: job A waits for a signal that only job B sends. The legacy job blocks its worker thread on a `DispatchSemaphore` with a timeout; the modern job suspends on a continuation that the signal or a timeout task resumes, whichever comes first.",
        ],
        pitfalls: [
            "Never block inside a task (semaphore, `group.wait()`, `Thread.sleep`): with a pool as narrow as the core count, the blocked thread may be the one the signalling task needed. Await a continuation instead.",
            "Concurrency is not parallelism: how many jobs run at once is up to GCD or the cooperative pool, which is as wide as the core count (2 on CI). Never depend on a particular interleaving.",
            "A task group waits for all its children, even after you have the result you wanted; cancel the rest with `group.cancelAll()` and make them cancellation-aware (the timeout task here is a `Task.sleep`, which ends at once when cancelled).",
        ],
        annotations: [
            "The log and completion closures are `@escaping @Sendable`: they run on the queue's worker threads.",
            "No `@unchecked Sendable` is needed: the semaphore is `Sendable`, and the result travels through the completion.",
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its list of the kinds of dispatch queue: it calls a concurrent queue a \"global dispatch queue\", which conflates the two. You can create private concurrent queues with `attributes: .concurrent` (as here); the global queues are just the system's shared ones.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ConcurrentQueue.runJobs` would run its task group's loop on the main actor; `nonisolated` keeps it running wherever its caller runs.",
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
