import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let resourcePool = Recipe(
        id: "resource-pool",
        title: "At most N resources in use, with a drain barrier",
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
        ],
        problem: """
            Hand out at most N expensive elements (database connections, parsers) to any \
            number of concurrent users, creating them only when needed, and offer a drain that \
            runs only when none is in use (to close or reconfigure them) and keeps new users \
            out until it is done. You have probably met this in GRDB's `Pool`, which backs its \
            `DatabasePool` readers.
            """,
        changes: [
            """
            The semaphore, the group and the barrier queue become one actor with two counts \
            (slots in use, draining or not) and one line of continuations. 20 users of a pool \
            of 3, with a drain in the middle, create at most 3 elements, never have more than \
            3 in use, and the drain finds none in use, on both sides \
            (`ResourcePoolTests.twentyUsersNeverExceedThree`; 300 users in \
            `ResourcePoolTests.hundredsOfUsersNeverExceedThree`).
            """,
            """
            The drain runs only once the last user has returned its element, and check-outs \
            that come after it wait until it returns \
            (`ResourcePoolTests.drainWaitsForUsersAndHoldsOffCheckOuts`). In the modern pool \
            the drain simply waits in the line for all the slots: the line is **FIFO**, so a \
            busy pool can't starve it, users already waiting when it came go first, and \
            waiting users get in in the order they came \
            (`ResourcePoolTests.modernWaitersAreServedInFIFOOrder`). The semaphore promises \
            no order among blocked threads.
            """,
            """
            A user that finds every element in use **suspends** (it is never refused); a legacy \
            user blocks its thread, so 20 waiting users are 20 blocked threads.
            """,
            """
            The slot is reserved before the first `await` (creating an element): the actor is \
            reentrant, and a check that waited for `makeElement()` before counting would let a \
            fourth user in while the third element is being created.
            """,
            measuredThroughput,
        ],
        pitfalls: [
            """
            `use` takes a closure and returns the element itself, even when the body throws or \
            is cancelled: an API that hands out the element and trusts the caller to give it \
            back leaks a slot on the first early `return`. The legacy side uses `defer`; the \
            modern side checks in on both paths (no `await` is allowed in `defer`).
            """,
            """
            The modern `use` and `drain` take an `isolation: isolated (any Actor)? = #isolation` \
            parameter: the body runs in the caller's isolation, not on the pool's actor, so it \
            can touch the caller's state and needs no `@Sendable`.
            """,
            """
            Never call `drain` from inside `use` (either side): the drain waits for that very \
            user to leave. A `use` inside `use` on a full pool waits forever too (blocks on the \
            legacy side, suspends on the modern one).
            """,
        ],
        annotations: [
            """
            `ResourcePool` is `@unchecked Sendable`: `idle` and `created` are only touched on \
            the serial `contentQueue`; the semaphore, the group and the barrier queue are \
            thread-safe.
            """
        ],
        differences: [
            """
            A modern user waiting for an element is cancellable: cancelled before the call it \
            throws at once; cancelled while it waits it throws `CancellationError`, leaves the \
            line and took no slot, so 3 users can still check out at once; cancelled after its \
            turn came, it returns its element like any other user \
            (`ResourcePoolTests.modernCancelledWaiterLosesNoElement`). A cancelled drain lets \
            the users behind it in (`ResourcePoolTests.modernCancelledDrainLetsUsersIn`); 300 \
            users with every third cancelled leave the pool idle and consistent \
            (`ResourcePoolTests.modernHundredsOfUsersWithCancellation`). A legacy thread blocked \
            in the semaphore can't be cancelled at all.
            """
        ],
        replaces: [.groupWait, .concurrentQueue, .groupEnter, .groupLeave, .semaphore, .semaphoreSignal],
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
