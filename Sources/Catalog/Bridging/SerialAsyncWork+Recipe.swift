import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let serializeAsyncWork = Recipe(
        id: "serialize-async-work",
        title: "One asynchronous job at a time, in submission order",
        chapter: .bridging,
        sources: [
            "Seen in real code: braintree/braintree_ios BraintreeCore/BTAPIClient.m (a serial queue parked on a semaphore until each callback)"
        ],
        file: "Bridging/SerialAsyncWork.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:) whose block waits on DispatchSemaphore(value: 0) until the callback",
                "a task chain: each job's `Task` awaits the previous one (`Mutex` around the last task)"),
            APIMapping("DispatchQueue.main.async for each completion", "`await` the job from `@MainActor` code"),
        ],
        problem: """
            Asynchronous jobs (requests with completion handlers) must run one at a time, in the \
            order they were submitted: a token refresh before the calls that need it, writes to a \
            server that must not cross. A serial queue alone doesn't do it, because its block \
            returns as soon as the request has started. You have probably met the fix in \
            braintree_ios's `BTAPIClient`: a serial queue parked on a semaphore until each \
            callback.
            """,
        changes: [
            """
            The legacy block starts the job and waits on `DispatchSemaphore(value: 0)`; the \
            callback posts the result to the main queue and signals. The modern job's task awaits \
            the previous job's task, so nothing blocks: while a job is in flight no thread is \
            held. On both sides at most one job is in flight, and they start in submission order \
            (`SerialAsyncWorkTests.atMostOneInFlightInSubmissionOrder`).
            """,
            """
            `submit` is synchronous: under a `Mutex` it reads the last task and stores a link that \
            ends with the new job, so the order of the calls is the order of the jobs. An actor \
            would need an `await` to enter, and a caller's order would be the order in which it \
            got in. 300 concurrent callers each get their job run once, never two at a time \
            (`SerialAsyncWorkTests.hundredsOfCallersRunOneAtATime`).
            """,
            """
            Results reach the main thread by being awaited from `@MainActor` code; the legacy \
            callback posts each one to the main queue. Both deliver each result once, in \
            submission order (the page's `UISink` checks the isolation).
            """,
            """
            Fairness and back-pressure: FIFO on both sides. Submitting never waits and never drops \
            a job; when jobs are slower than the callers, the legacy queue's backlog of blocks \
            grows, and so does the modern chain of waiting tasks.
            """,
        ],
        pitfalls: [
            """
            A plain actor method is *not* this pattern. `func fetch() async { … await network() … }` \
            on an actor lets the next caller in at the `await`, so three calls are in flight at \
            once (`SerialAsyncWorkTests.aPlainActorMethodLetsEveryCallerIn`). Serialise the jobs \
            with a chain (or one `AsyncStream` consumer), not with actor isolation.
            """,
            """
            A legacy callback that never comes parks the queue, and every later job, forever; a \
            callback called twice posts two results. The modern job is a function that returns \
            once: it can't do either.
            """,
            """
            Each parked legacy queue holds a thread for the whole flight. One is fine; one per \
            account, per file or per request adds up to thread explosion.
            """,
            """
            Don't let a job await a later job's result through the same queue: the later job \
            waits for this one, on both sides (a deadlock on the legacy side, a task that never \
            ends on the modern one).
            """,
        ],
        annotations: [
            """
            `SerialAsyncWork.Ticket` and the driver's `FetchGauge` are `@unchecked Sendable`: \
            their state is only touched while holding their `NSLock`. `SerialAsyncWork` itself \
            holds only a queue, which is `Sendable`.
            """,
            """
            The job, the callback and the completion are `@escaping @Sendable`: the job runs on \
            the serial queue, the callback on whatever thread the job's API uses, the completion \
            on the main queue.
            """,
        ],
        differences: [
            """
            Cancelling a legacy job works only before it starts (its completion then gets \
            `CocoaError(.userCancelled)`); once in flight the queue waits for its callback \
            whatever happens (`SerialAsyncWorkTests.legacyTicketCancelsOnlyBeforeTheJobStarts`). \
            Cancelling the modern job in flight cancels its work, and the next job starts as soon \
            as it has ended \
            (`SerialAsyncWorkTests.modernCancellingTheJobInFlightStartsTheNextOne`); cancelled \
            callers at every point leave the chain working \
            (`SerialAsyncWorkTests.modernCancelledCallersAtEveryPointKeepTheOrder`). `run` does the \
            job in the caller's own task, so a caller cancelled before its turn, even before the \
            call, never starts it \
            (`SerialAsyncWorkTests.modernCallerCancelledBeforeTheCallNeverStartsItsJob`); a job \
            task with the cancel forwarded by `withTaskCancellationHandler` could start first.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `submit` would be main-actor-isolated and the tasks it chains would inherit the main actor; `nonisolated` keeps the chain of job tasks off it.",
        replaces: [.semaphore, .semaphoreSignal, .dispatchQueueLabel],
        scenarios: [
            Scenario(
                rules: [
                    .perSourceOrder(["fetch ", "shown "]),
                    .invariant(["maxInFlight"]),
                ],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    let most = await withCheckedContinuation { done in
                        Legacy.SerialAsyncWork.runThreeFetches(
                            latency: context.pace(.seconds(2)),
                            log: context.log,
                            show: { sink.showFromMainQueue($0) }
                        ) { done.resume(returning: $0) }
                    }
                    context.record("maxInFlight", most)
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let most = await Modern.SerialAsyncWork.runThreeFetches(
                        latency: context.pace(.seconds(2)),
                        log: context.log,
                        show: { sink.show($0) }
                    )
                    context.record("maxInFlight", most)
                }
            )
        ]
    )
}
