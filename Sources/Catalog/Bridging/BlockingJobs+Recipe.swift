import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let blockingJobs = Recipe(
        id: "blocking-the-pool",
        title: "Blocking calls cap task throughput at the core count",
        chapter: .bridging,
        sources: [
            "Seen in real code wherever blocking work is sent to a global queue; the Read-And-Learn wiki page \"iOS并发编程\" warns, before its `NSURLConnection` operation, that blocking I/O (`dataWithContentsOfURL:`) ties up a thread"
        ],
        file: "Bridging/BlockingJobs.swift",
        apis: [
            APIMapping(
                "usleep, Thread.sleep in a job", "`Task.sleep(for:)`: the task suspends and its thread runs others"),
            APIMapping(
                "DispatchQueue.global().async for blocking work (synchronous I/O, a blocking request)",
                "a thread of its own (or a few: `worker-thread-pool`), awaited through `withCheckedContinuation`"
            ),
        ],
        problem: """
            Eight jobs each make a blocking call of 100 ms (`usleep` here; a synchronous read or \
            request in an app). As GCD blocks they cost a thread each; moved into tasks as they \
            are, only as many run at once as the cooperative pool has threads (one per core, 2 \
            here), and every other task in the process waits behind them.
            """,
        changes: [
            """
            Waiting becomes `Task.sleep(for:)`: a suspended task holds no thread, so all eight \
            wait at once on the pool's two threads (the scenario \"Task.sleep instead\").
            """,
            """
            Blocking work that can't be made asynchronous moves to a thread of its own, and the \
            task awaits it through a continuation (`onItsOwnThread`): the pool stays free, and \
            all eight overlap again (the scenario \"blocking work on its own thread\"). One \
            thread per call is fine for a few; for many, keep a fixed set of threads \
            (`worker-thread-pool`).
            """,
            """
            The throughput cap, measured with `swift build -c release --product compare && \
            .build/release/compare blocking-the-pool --runs 5` on 2026-11-24 (2 cores, Linux, \
            Swift 6.3.1, release build, while other builds kept the load average between 11 and \
            15), three runs at the default quick pace (8 jobs of 10 ms): the blocking tasks never \
            had more than 2 in flight and did 168 to 197 jobs/s, against a cap of 2 cores ÷ 10 ms \
            = 200 jobs/s. The legacy GCD jobs did the same on Linux: 2 in flight, 196 to 198 \
            jobs/s. With `Task.sleep` all 8 were in flight and did 766 to 771 jobs/s; with the \
            blocking calls on threads of their own, 8 in flight and 699 to 749 jobs/s (8 jobs \
            in one 10 ms wait: more jobs would go faster still). At `--pace realistic` (100 ms \
            jobs) the blocking sides did 20 jobs/s and the fixes 79 to 80; in that longer run \
            libdispatch had added a third thread to its blocked global queue (a peak of 3 and 27 \
            jobs/s on the legacy side of the in-process scenarios), while the pool stayed at 2.
            """,
            """
            Every variant ends with the same results (the squares of 0 to 7, in job order). The \
            page records only those; `compare` off the test pace also prints the peak number of \
            jobs in flight and the jobs per second of each side.
            """,
        ],
        pitfalls: [
            """
            `concurrentPerform`, `queue.sync`, `DispatchGroup.wait`, `DispatchSemaphore.wait` and \
            synchronous I/O (`Data(contentsOf:)`, `FileHandle.read`) in async code hold pool \
            threads just the same, and the compiler flags none of them \
            (`semaphore-in-async-starvation` shows a wait that never ends).
            """,
            """
            The blocking tasks run in a child process, never in the test runner: they hold every \
            thread of the cooperative pool, which the process shares with every other test, for \
            as long as they block (`BlockingJobsTests.blockingTasksNeverExceedThePoolWidth`).
            """,
            """
            The two failure modes: GCD answers blocked workers with more threads (thread \
            explosion, with each thread's stack and scheduling cost); the cooperative pool never \
            grows, so blocking starves it.
            """,
            """
            A blocking call moved to its own thread can't be cancelled by cancelling the task: \
            the task waits for it to return. Give such work its own timeout or a cancellation \
            flag it checks.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: GCD adds threads for blocked workers at once, up to 64 per pool: that is \
            the thread explosion.
            """,
            """
            **Linux**: even GCD's global queues grow only by about a thread a second while all of \
            theirs are blocked, so there the legacy jobs take turns too (`compare` shows a peak of \
            2 in flight).
            """,
        ],
        annotations: [
            """
            `Results` is `@unchecked Sendable`: its array is only touched while holding its \
            `NSLock`. `work` and `completion` are `@escaping @Sendable`: they run on the queue's \
            threads.
            """
        ],
        differences: [
            """
            Moved into tasks unchanged, the blocking jobs never run more at once than the pool's \
            width, the logical CPU count: the runtime's queue is that wide and never wider \
            (`BlockingJobsTests.blockingTasksNeverExceedThePoolWidth`). GCD's blocked workers \
            get more threads over time, but how soon is up to the platform, so no test asserts \
            it. The two fixes run all eight at once even while each job is held \
            (`BlockingJobsTests.suspendingJobsAllOverlap`, \
            `BlockingJobsTests.offloadedBlockingJobsAllOverlap`).
            """
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `BlockingJobs` and its extensions would land on the main actor, so the thread that `onItsOwnThread` starts could not call `blockingJob`; `nonisolated` keeps the jobs and the hand-off to a thread off it.",
        replaces: [.threadSleep, .globalQueue, .queueAsync, .groupAsync],
        scenarios: [
            Scenario(
                "usleep in each job",
                rules: [.subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .async { pace, log in
                        let clock = ContinuousClock()
                        let start = clock.now
                        let (results, maxInFlight) = await withCheckedContinuation { done in
                            Legacy.BlockingJobs.runJobs(block: pace(.milliseconds(100))) {
                                done.resume(returning: ($0, $1))
                            }
                        }
                        logBlockingRun(
                            pace, log, results: results, maxInFlight: maxInFlight, elapsed: clock.now - start)
                    }),
                modern: .childProcess(
                    .async { pace, log in
                        let clock = ContinuousClock()
                        let start = clock.now
                        let (results, maxInFlight) = await Modern.BlockingJobs.runJobs(
                            .blocking, block: pace(.milliseconds(100)))
                        logBlockingRun(
                            pace, log, results: results, maxInFlight: maxInFlight, elapsed: clock.now - start)
                    })
            ),
            blockingScenario("Task.sleep instead", .suspending),
            blockingScenario("blocking work on its own thread", .ownThread),
        ]
    )

    /// Legacy blocking jobs on the global queue against one of the modern fixes, in this process
    /// (neither blocks a pool thread).
    private static func blockingScenario(_ name: String, _ variant: Modern.BlockingJobs.Variant) -> Scenario {
        Scenario(
            name,
            rules: [.invariant(["results"])],
            legacy: { context in
                let clock = ContinuousClock()
                let start = clock.now
                let (results, maxInFlight) = await withCheckedContinuation { done in
                    Legacy.BlockingJobs.runJobs(block: context.pace(.milliseconds(100))) {
                        done.resume(returning: ($0, $1))
                    }
                }
                recordBlockingRun(context, results: results, maxInFlight: maxInFlight, elapsed: clock.now - start)
            },
            modern: { context in
                let clock = ContinuousClock()
                let start = clock.now
                let (results, maxInFlight) = await Modern.BlockingJobs.runJobs(
                    variant, block: context.pace(.milliseconds(100)))
                recordBlockingRun(context, results: results, maxInFlight: maxInFlight, elapsed: clock.now - start)
            }
        )
    }
}

/// Jobs per second of a run of `count` jobs.
private func jobsPerSecond(_ count: Int, _ elapsed: Duration) -> String {
    String(Int((Double(count) / (elapsed / .seconds(1))).rounded()))
}

/// The child's lines: the results always; the peak and the rate only off the test pace, since
/// the guide shows a test-pace run and a page must not change from run to run.
private func logBlockingRun(
    _ pace: Pace, _ log: @Sendable (String) -> Void, results: [Int], maxInFlight: Int, elapsed: Duration
) {
    log("8 jobs done: " + results.map(String.init).joined(separator: " "))
    if pace != .test {
        log(
            "peak in flight: \(maxInFlight); \(Int((elapsed / .milliseconds(1)).rounded())) ms, "
                + "\(jobsPerSecond(results.count, elapsed)) jobs/s")
    }
}

/// The same for the in-process scenarios, as values.
private func recordBlockingRun(_ context: RunContext, results: [Int], maxInFlight: Int, elapsed: Duration) {
    context.record("results", results.map(String.init).joined(separator: " "))
    if context.pace != .test {
        context.record("peak in flight", maxInFlight)
        context.record("jobs/s", jobsPerSecond(results.count, elapsed))
    }
}
