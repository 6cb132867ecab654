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
        prose: Articles.recipe("blocking-the-pool"),
        isBridging: true,
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
