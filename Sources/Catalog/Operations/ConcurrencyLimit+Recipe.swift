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
        problem: """
            Limit how many jobs run at once: eight jobs, at most k at a time, and a completion \
            when all are done. A limit of 1 makes a serial queue, as the classic `NSInputStream` \
            line reader uses one (`stream-line-reader`).
            """,
        changes: [
            """
            `operationQueue.maxConcurrentOperationCount = k` becomes a loop that adds the jobs to a \
            task group and, once k are in flight, awaits `group.next()` before adding the next. \
            The limit lives in the loop because tasks have no concurrency setting.
            """,
            """
            The completion operation that depends on every job becomes the code after the group: \
            `withTaskGroup` returns when the last child has.
            """,
            """
            Both sides count the jobs in flight with the same gauge (an `Atomic` high-water mark) \
            and log the count as each job starts: with k = 2 the window fills, two jobs run at \
            once, and the third starts only after the first has finished. The driver makes \
            that visible on every run: a job starts after the one before it has started, and \
            finishes only once the window is full (the job k − 1 places after it has started) \
            and the one before it has finished. So the lines come in one order, and the count \
            reaches the limit and never passes it \
            (`ConcurrencyLimitTests.theWindowFillsToTheLimitAndNoFurther`).
            """,
            """
            The job's work is a sleep of the pace's length: `Thread.sleep` holds one of the \
            queue's threads, `Task.sleep` suspends and holds none.
            """,
        ],
        pitfalls: [
            """
            Don't throttle tasks with a semaphore: `wait()` blocks one of the cooperative pool's \
            threads, as many as there are cores (`semaphore-throttle`). The window suspends \
            instead.
            """,
            """
            Check for cancellation before adding the next job: cancelling the caller's task \
            cancels the running children, and without the check the loop would still start the \
            rest (`ConcurrencyLimitTests.modernCancelledCallerStartsNoNewJob`).
            """,
            """
            A max-1 queue is serial but FIFO only while nothing else decides: an operation with a \
            higher `queuePriority`, or the dependency of an earlier operation, runs first \
            (`ConcurrencyLimitTests.legacyPriorityAndDependenciesReorderASerialQueue`).
            """,
            """
            Without a limit an `OperationQueue` decides how many operations run at once; a task \
            group runs all its children as the pool's threads allow. Neither promises an order.
            """,
        ],
        annotations: [
            """
            `body` and `completion` are `@escaping @Sendable`: they run on the queue's threads. \
            The jobs are `Sendable` for the same reason.
            """,
            """
            `ConcurrencyLimit` is plainly `Sendable`: it only stores its queue, and \
            `OperationQueue` locks its own state. The gauge is a `Sendable` class around two \
            `Atomic`s, which can't be captured by an escaping closure themselves.
            """,
        ],
        differences: [
            """
            A serial `OperationQueue` lets a higher `queuePriority` or an unfinished dependency \
            reorder its operations: a `.veryHigh` operation added last runs first \
            (`ConcurrencyLimitTests.legacyPriorityAndDependenciesReorderASerialQueue`). The \
            window adds jobs strictly in the order of the array and nothing reorders them, so with a \
            limit of 1 they run and finish in that order (`ConcurrencyLimitTests.modernWindowOfOneRunsJobsInOrder`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ConcurrencyLimit.forEach` would run its sliding-window loop on the main actor; `nonisolated` keeps it running wherever its caller runs.",
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
