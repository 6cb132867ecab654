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
        problem: "Show that serialization is per queue: two serial queues don't block each other.",
        changes: [
            "Each serial queue becomes an actor. An actor runs one piece of its code at a time, and two actors never wait for each other.",
            "The waiting job blocked queue 1's thread on a `DispatchSemaphore`; the modern job suspends on a continuation that actor 2 resumes (a timeout task resumes it with `timed out` if the signal never comes).",
            "Both sides report `got signal`; only the lines' names differ (queue labels vs actor names).",
        ],
        pitfalls: [
            "Never wait on a semaphore inside an actor or a task: it blocks one of the few cooperative threads, and the code that would signal it may need that very thread. Await a continuation.",
            "An actor is not a serial queue in one respect: while one of its methods is suspended at an `await`, other calls run on it (reentrancy). State read before an `await` may have changed after it (see `actor-reentrancy`).",
        ],
        annotations: [
            "The log and completion closures are `@escaping @Sendable`: they run on the queues' threads."
        ],
        differences: [
            "With **one** serial queue as both waiter and sender, the legacy wait times out: the signalling job waits behind the blocked one. With **one** actor, the modern wait still gets the signal, because the waiting job suspends and the actor runs the sending job meanwhile (`IndependentQueuesTests.oneActorStillGetsTheSignalWhereOneQueueTimesOut`)."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `CrossActorSignal` would land on the main actor, so neither worker actor could call `send()` and its own timeout task could not settle it; `nonisolated` keeps the signal usable from any actor.",
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
