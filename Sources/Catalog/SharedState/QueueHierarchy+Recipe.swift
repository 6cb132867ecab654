import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let targetQueueHierarchy = Recipe(
        id: "target-queue-hierarchy",
        title: "Several queues funnelled into one serial root",
        chapter: .sharedState,
        sources: ["Seen in real code: Alamofire Source/Core/Session.swift"],
        file: "SharedState/QueueHierarchy.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:target:) sub-queues over one serial root queue",
                "actors whose unownedExecutor is the root actor's executor"),
            APIMapping(
                "OperationQueue with underlyingQueue = the root, maxConcurrentOperationCount = 1",
                "one more actor on the root's executor"),
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(root)) inside a sub-queue's block",
                "root.assumeIsolated { } inside a sub-actor: a run-time check, no await"),
        ],
        problem: """
            Give each part of a subsystem its own queue (requests, response parsing, the \
            delegate's callbacks) so each keeps its own order and can be named in a debugger, \
            yet let all of them touch one shared state without a lock: every queue targets one \
            serial root, so their blocks run one at a time. You have probably met this in \
            Alamofire's `Session`, whose request and serialization queues are created with \
            `target: rootQueue` and whose delegate `OperationQueue` has the root as its \
            `underlyingQueue`.
            """,
        changes: [
            """
            The root queue becomes a root actor that owns the state, and each sub-queue an actor \
            whose `unownedExecutor` returns the root's: all of them run on one serial executor. \
            300 jobs on each of three sub-queues never overlap (max in flight 1) and each \
            sub-queue's jobs run in their own order, on both sides \
            (`QueueHierarchyTests.hundredsOfJobsNeverOverlapAndKeepEachQueuesOrder`).
            """,
            """
            A job on a sub-queue may touch the root's state directly: the legacy block passes \
            `dispatchPrecondition(condition: .onQueue(rootQueue))`, and the sub-actor enters \
            `root.assumeIsolated { }` without an `await`, because the executor is the same \
            (`QueueHierarchyTests.subQueueJobsRunOnTheRoot`). The compiler can't see that the \
            executor is shared, so this is a run-time check: give a sub-actor its own executor \
            and `assumeIsolated` traps.
            """,
            """
            Order and back-pressure: each sub-queue is **FIFO** for one caller. A legacy \
            submitter never waits: `async` and `addOperation` return at once and the queues grow \
            without bound while the root is busy. A modern caller **suspends** until its job has \
            run, so a slow root slows its callers instead of piling up work \
            (`QueueHierarchyTests.legacySubmitterReturnsAtOnceModernCallerWaitsForItsJob`). \
            Between sub-queues the order is free on both sides: the root interleaves them.
            """,
            """
            If the sub-queues need no identity of their own, one actor with a method per \
            sub-queue does the same with no executor sharing at all.
            """,
        ],
        pitfalls: [
            """
            An actor keeps the order of calls from **one** task that awaits each call. Jobs \
            fired as separate `Task { await queue.run(…) }` may reach the actor in any order; \
            keep one task per source (as the driver does) or an `AsyncStream` of jobs.
            """,
            """
            `unownedExecutor` must return the same executor every time, and the root must \
            outlive the sub-actors (each holds the root, which keeps its executor alive).
            """,
            """
            A `sync` onto the root from a block on a sub-queue deadlocks (the block already holds \
            the root); the modern equivalent is an `await` on the root, which is safe but \
            needless: use `assumeIsolated`.
            """,
        ],
        platformNotes: [
            """
            **Linux**: corelibs `OperationQueue` honours `underlyingQueue`: its operations run on \
            the root (the delegate's job passes the same `dispatchPrecondition`).
            """,
        ],
        annotations: [
            """
            `QueueHierarchy` is `@unchecked Sendable`: `history` is only touched by blocks \
            running on `rootQueue`, directly or through a queue that targets it.
            """
        ],
        differences: [
            """
            A modern source that is cancelled stops awaiting its jobs while the other sub-queues \
            finish theirs, and the hierarchy stays usable; a legacy block already submitted \
            can't be called off (`QueueHierarchyTests.modernCancelledSourceStopsOthersFinish`). \
            An enqueued actor call itself is not cancellable: a job checks `Task.isCancelled` \
            if it must.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `QueueHierarchy`'s initializer would be main-actor-isolated, so only the main actor could build a hierarchy; `nonisolated` lets any task create one.",
        replaces: [.queueTarget],
        scenarios: [
            Scenario(
                "3 sub-queues × 4 jobs",
                rules: [
                    .perSourceOrder(QueueHierarchyScenario.prefixes),
                    .invariant(["maxInFlight", "eachQueueInOrder", "jobsRun"]),
                ],
                legacy: { context in
                    let result = await onOwnThread {
                        Legacy.QueueHierarchy.runJobs(jobsPerQueue: 4, log: context.log)
                    }
                    QueueHierarchyScenario.record(result, jobs: 4, context)
                },
                modern: { context in
                    let result = await Modern.QueueHierarchy.runJobs(jobsPerQueue: 4, log: context.log)
                    QueueHierarchyScenario.record(result, jobs: 4, context)
                }
            ),
            Scenario(
                "3 sub-queues × 300 jobs",
                rules: [.exact, .invariant(["maxInFlight", "eachQueueInOrder", "jobsRun"])],
                legacy: { context in
                    let result = await onOwnThread {
                        Legacy.QueueHierarchy.runJobs(jobsPerQueue: 300, log: { _ in })
                    }
                    QueueHierarchyScenario.record(result, jobs: 300, context, summary: true)
                },
                modern: { context in
                    let result = await Modern.QueueHierarchy.runJobs(jobsPerQueue: 300, log: { _ in })
                    QueueHierarchyScenario.record(result, jobs: 300, context, summary: true)
                }
            ),
        ]
    )
}

private enum QueueHierarchyScenario {
    static let prefixes = ["request ", "parse ", "delegate "]

    static func record(
        _ result: (maxInFlight: Int, ran: [String]), jobs: Int, _ context: RunContext, summary: Bool = false
    ) {
        let inOrder = Legacy.QueueHierarchy.eachSourceInOrder(result.ran, jobs: jobs)
        if summary {
            context.log("\(result.ran.count) jobs, max in flight \(result.maxInFlight), in order: \(inOrder)")
        }
        context.record("maxInFlight", result.maxInFlight)
        context.record("eachQueueInOrder", inOrder)
        context.record("jobsRun", result.ran.count)
    }
}
