import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let rateLimiter = Recipe(
        id: "rate-limiter",
        title: "Token bucket",
        chapter: .timers,
        sources: ["Seen in real code: kean/Nuke Sources/Internal/RateLimiter.swift"],
        file: "Timers/RateLimiter.swift",
        apis: [
            APIMapping(
                "a token count refilled from DispatchTime.now(), pending work retried with asyncAfter",
                "an actor on an injected `Clock`: callers `await acquire()`; the head of the line sleeps on the clock"),
            APIMapping(
                "asyncAfter retry of pending closures; a cancelled one returns false",
                "task cancellation: a waiting `acquire()` throws `CancellationError`"),
        ],
        problem: """
            Start jobs (image downloads, API calls) no faster than a rate r, allowing a burst \
            of b at once after a quiet spell, without dropping any: jobs that find the bucket \
            empty wait their turn, in order. You have probably met this in Nuke's \
            `RateLimiter`, which spaces out the image requests of a fast-scrolling list.
            """,
        changes: [
            """
            The pending list and its `asyncAfter` retry become a line of callers that \
            `await limiter.acquire()`. With rate r and burst b, the first b jobs start at once \
            and each later start is at least 1/r after the previous one: on a test clock the \
            starts are exactly 0, 0, 0, 1/r, 2/r, … \
            (`RateLimiterTests.modernStartsOnTheTestClock`). On a real clock, the rule both \
            sides keep under any scheduling is the bucket's own: the k-th start comes at least \
            (k − b + 1)/r after the first, so n intervals after the first start at most b + n \
            jobs have started (`RateLimiterTests.burstThenOneEveryInterval`, and with 300 legacy callers \
            `RateLimiterTests.legacyHundredsOfConcurrentCallers`). A burst that itself takes \
            longer than 1/r, or a retry that wakes two intervals late, has earned a token \
            meanwhile, and the next start follows at once.
            """,
            """
            The modern limiter is **FIFO**: a caller never overtakes one already waiting, even \
            when a token has just come in (`RateLimiterTests.modernHundredsOfCallersGoInFIFOOrder`, \
            200 concurrent callers). The legacy pending list is FIFO too, in the order the \
            `execute` calls reached the limiter's queue. A caller that finds the bucket empty **suspends**; nothing \
            is dropped. When jobs come faster than r, the line grows and each waits longer: \
            put a bound on the line (see `bounded-buffer-backpressure`) if that must not happen.
            """,
            """
            Time comes from an injected `Clock` (`ContinuousClock` in the app), so the tests \
            run the bucket on a clock they move by hand. Each start resets the refill time \
            when it empties the bucket, so a late wake-up never earns a token early: the \
            spacing holds when every sleep overshoots by less than an interval \
            (`RateLimiterTests.lateWakeUpsKeepTheSpacing`).
            """,
            measuredThroughput,
        ],
        pitfalls: [
            """
            A token is taken only when a caller leaves with it. A caller that is cancelled \
            while it waits took nothing, so it must give nothing back: a limiter that counts a \
            token when the caller joins the line and "refunds" it on cancel hands the next \
            caller a token early, and two jobs start in the same interval.
            """,
            """
            `acquire()` returns the instant the token was taken: measure spacing from that, not \
            from a clock read after the `await` (the task may resume later).
            """,
            """
            Don't rate-limit with `Task.sleep(for: 1/r)` between jobs in a loop: it can't \
            allow a burst, and concurrent callers each sleep on their own and start together.
            """,
        ],
        annotations: [
            """
            `RateLimiter` is `@unchecked Sendable`: every `var` is only touched on its serial \
            `queue` (`execute` hops there, the retry runs there). Each pending closure is \
            `@Sendable`: it runs later, on that queue.
            """
        ],
        differences: [
            """
            A modern caller waiting for a token is cancellable at every point: before the call, \
            at the head of the line (asleep on the clock) or further back. It throws \
            `CancellationError`, leaves the line, and the bucket has exactly the tokens it had \
            (`RateLimiterTests.modernCancelledWaitersTakeNothing`). A legacy pending closure \
            can't be taken out of the list: when its turn comes it returns `false` and uses no \
            token (`RateLimiterTests.legacyCancelledJobTakesNoToken`).
            """
        ],
        replaces: [.asyncAfter, .dispatchTime],
        scenarios: [
            Scenario(
                "8 jobs, burst 3",
                rules: [.exact, .invariant(["burstAtOnce", "withinRate"])],
                legacy: { context in
                    let interval = context.pace(.seconds(2))
                    let starts = await onOwnThread {
                        Legacy.RateLimiter.startJobs(count: 8, interval: interval, burst: 3, log: context.log)
                    }
                    recordStarts(starts.map { $0.since(starts[0]) }, interval: interval, burst: 3, context)
                },
                modern: { context in
                    let interval = context.pace(.seconds(2))
                    let starts = try await Modern.RateLimiter.startJobs(
                        count: 8, interval: interval, burst: 3, clock: ContinuousClock(), log: context.log)
                    recordStarts(starts.map { starts[0].duration(to: $0) }, interval: interval, burst: 3, context)
                }
            ),
            Scenario(
                "throughput",
                rules: [.exact, .invariant(["withinRate"])],
                legacy: { context in
                    let count = throughputJobs(context.pace)
                    let starts = await onOwnThread {
                        Legacy.RateLimiter.startJobs(
                            count: count, interval: .milliseconds(1), burst: 10, log: { _ in })
                    }
                    context.log("every job started")
                    recordStarts(starts.map { $0.since(starts[0]) }, interval: .milliseconds(1), burst: 10, context, checkBurst: false)
                },
                modern: { context in
                    let starts = try await Modern.RateLimiter.startJobs(
                        count: throughputJobs(context.pace), interval: .milliseconds(1), burst: 10,
                        clock: ContinuousClock(), log: { _ in })
                    context.log("every job started")
                    recordStarts(
                        starts.map { starts[0].duration(to: $0) }, interval: .milliseconds(1), burst: 10, context, checkBurst: false)
                }
            ),
        ]
    )

    /// What `compare rate-limiter` measured, for the page.
    private static let measuredThroughput = """
        Throughput, measured with `swift run -c release compare rate-limiter --runs 15`, \
        twice, on 2 cores (Linux, Swift 6.3.1, release build, 2026-11-24, while other builds \
        kept the load average between 10 and 15), median wall time of one run. \
        **throughput** (500 jobs at 1,000 a second after a burst of 10, so at best 490 ms): \
        legacy 536.8 and 538.0 ms, modern 529.3 and 538.5 ms: about 930 jobs a second on both \
        sides, 9 and 8 threads. Both fall a little short of the rate because every wake-up \
        (an `asyncAfter` block, a `Task.sleep`) comes a little late, and lateness shorter \
        than an interval is not made up: the limiter errs on the slow side. **8 jobs, burst 3** (one token \
        every 200 ms): 1.001 to 1.002 s on both sides, five intervals after the burst. The \
        limiter's own bookkeeping is invisible next to the rate it enforces.
        """
}

/// Jobs in the throughput scenario, at 1,000 a second after a burst of 10.
private func throughputJobs(_ pace: Pace) -> Int {
    pace == .test ? 60 : 500
}

/// Records whether the first `burst` jobs started within one interval of the first, and whether
/// the bucket kept its rate: the k-th start (from 0) at least (k + 1 − burst) intervals after the
/// first (`offsets` from the first start).
private func recordStarts(
    _ offsets: [Duration], interval: Duration, burst: Int, _ context: RunContext, checkBurst: Bool = true
) {
    if checkBurst { context.record("burstAtOnce", offsets[burst - 1] < interval) }
    let withinRate = offsets.indices.dropFirst(burst).allSatisfy { offsets[$0] >= interval * ($0 + 1 - burst) }
    context.record("withinRate", withinRate)
}

extension DispatchTime {
    /// The time from `start` to this instant.
    fileprivate func since(_ start: DispatchTime) -> Duration {
        .nanoseconds(Int64(uptimeNanoseconds) - Int64(start.uptimeNanoseconds))
    }
}
