import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let lockOrderDeadlock = Recipe(
        id: "lock-order-deadlock",
        title: "`swap(X, Y)` ‖ `swap(Y, X)`",
        chapter: .sharedState,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its lock-order deadlock example (`swap(A, B)`)"],
        file: "SharedState/Swapper.swift",
        apis: [
            APIMapping(
                "two NSLocks taken in opposite orders",
                "one `Mutex` over both values, or one actor: a single lock, nothing to order"),
            APIMapping(
                "NSLock.lock(before:)",
                "no direct equivalent (`Mutex.withLockIfAvailable` is a try-lock without a deadline); not needed with one lock"
            ),
        ],
        prose: Articles.recipe("lock-order-deadlock"),
        replaces: [.nsLockBefore],
        scenarios: [
            Scenario(
                "one lock order",
                rules: [.invariant(["x", "y"])],
                legacy: { context in
                    let pause = context.pace(.milliseconds(100))
                    let (x, y) = await onOwnThread {
                        Legacy.Swapper.swapOnTwoThreads(gateTimeout: pause, log: context.log) {
                            Legacy.Swapper.orderedSwap($0, $1, whileHoldingFirst: $2)
                        }
                    }
                    context.record("x", x)
                    context.record("y", y)
                },
                modern: { context in
                    let (x, y) = await Modern.Swapper.swapFromTwoTasks(log: context.log)
                    context.record("x", x)
                    context.record("y", y)
                }
            ),
            Scenario(
                "opposite orders",
                rules: [.subprocessDemo(legacy: .hangs, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        _ = Legacy.Swapper.swapOnTwoThreads(gateTimeout: nil, log: log) {
                            Legacy.Swapper.swap($0, $1, whileHoldingFirst: $2)
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        _ = await Modern.Swapper.swapFromTwoTasks(log: log)
                    })
            ),
        ]
    )
}
