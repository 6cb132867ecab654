import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let pausableWorkQueue = Recipe(
        id: "pausable-work-queue",
        title: "Suspend and resume a queue of jobs",
        chapter: .operations,
        sources: [
            "Seen in real code: SDWebImage SDWebImage/SDWebImageDownloader.m (`setSuspended:`); CocoaAsyncSocket (dispatch source suspend/resume)"
        ],
        file: "Operations/PausableQueue.swift",
        apis: [
            APIMapping(
                "OperationQueue.isSuspended",
                "an actor-owned job list; one consumer task waits for a \"resumed\" signal (`AsyncStream`)"),
            APIMapping(
                "maxConcurrentOperationCount = 1",
                "the single consumer runs one job at a time, FIFO"),
            APIMapping("Operation.cancel on a pending operation", "remove the job from the list"),
        ],
        problem: """
            Hold a queue of jobs back (the app went to the background, the network is down, the \
            user paused the downloads) and let everything that piled up run, in order, when it \
            resumes. You have probably met `OperationQueue.isSuspended` in SDWebImage's \
            downloader (`setSuspended:`), or `suspend()`/`resume()` on dispatch sources and \
            queues in CocoaAsyncSocket.
            """,
        changes: [
            """
            The queue becomes an actor holding the pending jobs and a paused flag, and one \
            consumer, `run()`, awaited by a task the owner keeps. The consumer takes the first \
            job when not paused; otherwise it waits on an `AsyncStream` that `add` and `resume` \
            poke (buffering the newest signal only, so pokes never pile up).
            """,
            """
            While paused nothing starts: the consumer checks the flag before taking each job, and \
            parks (`PausableQueueTests.nothingStartsWhileSuspended` waits for it to park with all \
            jobs pending, no sleep). After resume every pending job runs, FIFO \
            (`PausableQueueTests.resumeRunsEveryPendingJobInOrder`).
            """,
            """
            Back-pressure: `add` never waits and never drops a job; while paused, or when the \
            consumer is slower than the callers, the list grows (on both sides). Hundreds of \
            concurrent callers each get their job run exactly once \
            (`PausableQueueTests.hundredsOfCallersEachRunOnce`).
            """,
            """
            A pending job is cancelled by taking it out of the list (`cancel(id)`); the legacy \
            side cancels the operation, which then never runs \
            (`PausableQueueTests.cancelledPendingJobsNeverRun`).
            """,
        ],
        pitfalls: [
            """
            Suspending stops jobs from *starting*, on both sides; the job that is running goes \
            on. Make a long job check a flag (or `Task.isCancelled`) if it must stop too.
            """,
            """
            `OperationQueue` is FIFO only for operations of equal priority with no dependencies; \
            a higher `queuePriority` or a dependency reorders a suspended backlog when it resumes.
            """,
            """
            `DispatchQueue.suspend()` must be balanced by `resume()` before the queue is \
            released, or the process traps; and it doesn't stop a block that is already running \
            either. The actor's flag has no such trap.
            """,
            """
            The consumer is a task you own: keep it and cancel it when the queue goes away. \
            Cancelling it cancels the running job (cooperatively), stops the draining, and leaves \
            the pending jobs in the list (`PausableQueueTests.cancellingTheConsumerKeepsThePendingJobs`).
            """,
        ],
        annotations: [
            """
            `PausableQueue` is `Sendable` without `@unchecked`: it only holds an \
            `OperationQueue`, which locks its own state. The driver's `StartCount` is \
            `@unchecked Sendable`, its count guarded by an `NSLock`.
            """,
            "The jobs are `@escaping @Sendable`: they run on the queue's threads.",
        ],
        differences: [
            """
            Cancelling the legacy queue's work means cancelling each operation \
            (`cancelAllOperations`); the queue itself goes on. Cancelling the modern consumer \
            stops the draining, and the pending jobs wait for a new `run()` \
            (`PausableQueueTests.cancellingTheConsumerKeepsThePendingJobs`).
            """
        ],
        replaces: [.operationQueue, .maxConcurrentOperationCount, .queueSuspend, .operationQueueSuspended],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    await onOwnThread { Legacy.PausableQueue.runDemo(interval: interval, log: context.log) }
                },
                modern: { context in
                    await Modern.PausableQueue.runDemo(interval: context.pace(.seconds(1)), log: context.log)
                }
            )
        ]
    )
}
