import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let jobThrottle = Recipe(
        id: "semaphore-throttle",
        title: "Limit concurrency: semaphore → sliding-window task group",
        chapter: .bridging,
        sources: [
            "Seen in real code: the throttle most GCD code bases grow (none of the texts cited in this guide shows a `DispatchSemaphore`)"
        ],
        file: "Bridging/JobThrottle.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore(value: k) with wait()/signal() around each job",
                "a sliding-window task group: past the first k jobs, `await group.next()` before each `addTask`"
            ),
            APIMapping("DispatchQueue.global().async(group:) for every job at once", "`group.addTask`, one per free slot"),
            APIMapping("DispatchGroup.notify", "the code after `withTaskGroup`"),
        ],
        problem: """
            Run 20 jobs with at most 3 at a time, and know when all are done. The legacy answer \
            is a counting semaphore: dispatch every job, and let each take a permit before it \
            runs.
            """,
        changes: [
            """
            `DispatchSemaphore(value: 3)` plus `wait()`/`signal()` around each job becomes a loop \
            that adds jobs to a task group and, once 3 are in flight, awaits `group.next()` \
            before adding the next. The limit lives in the loop; nothing blocks a thread.
            """,
            """
            Both sides count the jobs in flight with the same gauge, an `Atomic` high-water mark, \
            and it never passes 3, for the 20 jobs of the page and for 400 jobs in the tests \
            (`JobThrottleTests.neverMoreThanTheLimitInFlight`, \
            `JobThrottleTests.hundredsOfJobsStayWithinTheLimit`). The page records only the \
            bound; `compare` at another pace also prints the peak it saw.
            """,
            """
            The window is FIFO: jobs are admitted in the array's order, and job k only after \
            k − 2 others have finished (`JobThrottleTests.modernAdmitsJobsInOrderAsOthersFinish`). \
            A semaphore promises no order among its waiters.
            """,
            """
            The producer suspends, it never drops: while the window is full, the loop waits in \
            `group.next()` and the remaining jobs are not tasks yet, so a slow job costs nothing \
            but time. The semaphore version dispatches all 20 blocks at once, and each one that \
            waits for a permit holds a thread while it waits.
            """,
            """
            `DispatchGroup.notify` becomes the code after `withTaskGroup`, which returns when the \
            last job has.
            """,
        ],
        pitfalls: [
            """
            Never keep the semaphore and call `sem.wait()` inside a task: the compiler does not \
            flag it, and each waiting task holds one of the cooperative pool's threads (2 on a \
            2-core machine), so a few waiters stall every task in the process \
            (`semaphore-in-async-starvation`).
            """,
            """
            Check for cancellation before adding the next job. Cancelling the caller cancels the \
            running jobs (they see `Task.isCancelled`; `Task.sleep` throws), and without the check \
            the loop would go on starting the rest \
            (`JobThrottleTests.modernCancelledMidwayStartsNoNewJob`). Cancelled before the call, \
            it starts nothing (`JobThrottleTests.modernCancelledBeforeTheCallStartsNothing`).
            """,
            """
            Semaphores don't donate priority: a high-priority job waiting for a permit does not \
            speed up the low-priority job holding it. A task group's children inherit the \
            caller's priority, and a task that a higher-priority task awaits is escalated.
            """,
            """
            The window limits one batch. A limit shared by unrelated callers (every download in \
            the app) needs a shared async gate instead (`resource-pool`); the same window serves \
            `operation-max-concurrency`.
            """,
        ],
        platformNotes: [
            """
            **Linux**: the semaphore throttle often can't reach its limit anyway: the global \
            queues start one thread per core (2 here) and add another only about once a second \
            while all of them are blocked (`blocking-the-pool`). `compare` at the quick pace shows \
            the legacy peak at 2 where the window reaches 3.
            """,
        ],
        annotations: [
            """
            `JobThrottle` is plainly `Sendable`: it holds a `DispatchSemaphore` and a queue, both \
            thread-safe. `body` and `completion` are `@escaping @Sendable`, and the jobs \
            `Sendable`, because they run on the queue's threads.
            """
        ],
        differences: [
            """
            Cancelling the modern caller mid-way starts no new job, and the jobs in flight see the \
            cancellation; a later batch still runs 3 at once, since nothing outlives a call \
            (`JobThrottleTests.modernCancelledMidwayStartsNoNewJob`). The semaphore version has \
            nothing to cancel: every dispatched block runs its job \
            (`JobThrottleTests.legacyRunsEveryDispatchedJob`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `JobThrottle.forEach` would run its sliding-window loop on the main actor; `nonisolated` keeps it running wherever its caller runs.",
        replaces: [.semaphore, .semaphoreSignal, .groupAsync, .groupNotify],
        scenarios: [
            Scenario(
                "20 jobs, 3 at a time",
                rules: [.invariant(["maxInFlight ≤ 3", "jobs done"])],
                legacy: { context in
                    let work = context.pace(.milliseconds(100))
                    let maxInFlight = await withCheckedContinuation { done in
                        Legacy.JobThrottle.runJobs(work: work, log: context.log) { done.resume(returning: $0) }
                    }
                    recordThrottle(context, maxInFlight: maxInFlight)
                },
                modern: { context in
                    let work = context.pace(.milliseconds(100))
                    let maxInFlight = await Modern.JobThrottle.runJobs(work: work, log: context.log)
                    recordThrottle(context, maxInFlight: maxInFlight)
                }
            )
        ]
    )
}

/// What the scenario compares: the bound and the count. The peak itself depends on the machine
/// (and on Linux the legacy side rarely gets a third thread), so it is recorded only off the test
/// pace, for `compare` to print; the guide shows the values of a test-pace run.
private func recordThrottle(_ context: RunContext, maxInFlight: Int) {
    context.record("maxInFlight ≤ 3", maxInFlight <= 3)
    context.record("jobs done", context.recorder.lines.filter { $0.hasSuffix(" done") }.count)
    if context.pace != .test { context.record("peak in flight", maxInFlight) }
}
