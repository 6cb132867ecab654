import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let resourcePool = Recipe(
        id: "resource-pool",
        title: "At most N resources in use, with a drain barrier and waits that give up",
        chapter: .sharedState,
        sources: ["Seen in real code: groue/GRDB.swift GRDB/Utils/Pool.swift"],
        file: "SharedState/ResourcePool.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore(value: max) limiting check-outs of pooled elements",
                "an actor counting slots in use, with a FIFO line of continuations"),
            APIMapping(
                "DispatchGroup enter/leave counting users + wait() in a barrier",
                "a drain that waits in the same line until no slot is in use"),
            APIMapping(
                "DispatchQueue.sync(flags: .barrier) to hold off check-outs",
                "the line: nobody overtakes a waiting drain"),
            APIMapping(
                "DispatchSemaphore.wait(timeout:) around a check-out, and a count of waiters to refuse one more",
                "`use(timeout:)`: a child task sleeps until the deadline and takes that waiter out of the line by "
                    + "its id; `maximumWaiting` refuses at once"),
            APIMapping(
                "a closed flag each check-out reads after its DispatchSemaphore wait",
                "`close()` resumes every waiting check-out with `PoolError.closed` at once"),
        ],
        prose: Articles.recipe("resource-pool"),
        replaces: [
            .groupWait, .concurrentQueue, .barrierSync, .groupEnter, .groupLeave, .semaphore, .semaphoreSignal,
        ],
        scenarios: [
            Scenario(
                "20 users, pool of 3",
                rules: [.exact, .invariant(["atMost3InUse", "atMost3Created", "drainFoundIdle"])],
                legacy: { context in
                    let work = context.pace(.milliseconds(200))
                    let result = await onOwnThread {
                        Legacy.ResourcePool<Int>.busyPool(
                            maximumCount: 3, users: 20, work: work, log: context.log)
                    }
                    record(result, context)
                },
                modern: { context in
                    let result = try await Modern.ResourcePool<Int>.busyPool(
                        maximumCount: 3, users: 20, work: context.pace(.milliseconds(200)),
                        log: context.log)
                    record(result, context)
                }
            ),
            Scenario(
                "throughput",
                rules: [.exact, .invariant(["atMost3InUse", "atMost3Created", "drainFoundIdle"])],
                legacy: { context in
                    let users = throughputUsers(context.pace)
                    let result = await onOwnThread {
                        Legacy.ResourcePool<Int>.busyPool(
                            maximumCount: 3, users: users, work: .zero, log: { _ in })
                    }
                    record(result, context, logDone: true)
                },
                modern: { context in
                    let result = try await Modern.ResourcePool<Int>.busyPool(
                        maximumCount: 3, users: throughputUsers(context.pace), work: .zero,
                        log: { _ in })
                    record(result, context, logDone: true)
                }
            ),
            Scenario(
                "waits that give up",
                rules: [.exact],
                legacy: { context in
                    let (timeout, log) = (context.pace(.seconds(1)), context.log)
                    await onOwnThread { Legacy.ResourcePool<Int>.waitsThatGiveUp(timeout: timeout, log: log) }
                },
                modern: { context in
                    await Modern.ResourcePool<Int>.waitsThatGiveUp(
                        timeout: context.pace(.seconds(1)), log: context.log)
                }
            ),
        ]
    )

    /// What `compare resource-pool` measured, for the page.
    private static let measuredThroughput = """
        Throughput, measured with `swift run -c release compare resource-pool --runs 15`, \
        twice, on 2 cores (Linux, Swift 6.3.1, release build, 2026-11-24, while other builds \
        kept the load average between 10 and 15), median wall time of one run. \
        **throughput** (1,000 users of a pool of 3 with no work, and a drain halfway): legacy \
        35.6 and 38.6 ms, about 27,000 check-outs a second, with 80 and 118 threads at the \
        peak; modern 11.4 and 11.3 ms, about 88,000 a second, with 7 and 8 (0.32× and 0.29× \
        the legacy time). Much of the legacy cost is a thread per user, which is how a \
        blocking pool gets concurrent users at all; the modern users are tasks. **20 users, \
        pool of 3** (each holds its element for 20 ms): 141 to 148 ms on both sides, seven \
        rounds of three: the pool's size, not its bookkeeping, sets the pace.
        """
}

/// Users in the throughput scenario (each one its own thread on the legacy side).
private func throughputUsers(_ pace: Pace) -> Int {
    pace == .test ? 100 : 1_000
}

private func record(
    _ result: (maxInUse: Int, created: Int, drainFoundIdle: Bool), _ context: RunContext, logDone: Bool = false
) {
    if logDone { context.log("every user done, the drain in between") }
    context.record("atMost3InUse", result.maxInUse <= 3)
    context.record("atMost3Created", result.created <= 3)
    context.record("drainFoundIdle", result.drainFoundIdle)
}
