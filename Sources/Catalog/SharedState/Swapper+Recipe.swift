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
        problem: """
            The classic `swap(A, B)` locks A, then B. Thread 1 runs `swap(X, Y)` while thread 2 runs \
            `swap(Y, X)`: each holds one lock and waits for the other's, for ever.
            """,
        changes: [
            """
            Values that change together move behind **one** `Mutex` (`Mutex<(x: Int, y: Int)>`), so \
            a swap takes one lock, and `swap(X, Y)` and `swap(Y, X)` are the same call. An actor \
            owning both values works the same way, with `await` at the call sites.
            """,
            """
            Where the legacy code must keep two locks, the fix is one global order: \
            `orderedSwap` always locks the object with the smaller `ObjectIdentifier` first, \
            whatever the argument order. Both threads then queue on the same first lock, and the \
            two swaps restore `(X, Y) == (1, 2)`.
            """,
            """
            The demonstration is deterministic: each thread, once it holds its first lock, waits \
            at a gate until the other holds its first lock too, so the classic version deadlocks \
            every time, not by luck. It runs only in a child process, which is killed at the \
            timeout. With one lock order the other thread can't reach the gate, so there the gate \
            waits at most a short pause.
            """,
            """
            `NSLock.lock(before:)` detects the deadlock from the inside: with a deadline on the \
            second lock, at least one of the two swaps gives up (returns `false` having changed \
            nothing) and releases its first lock, so the other can finish \
            (`SwapperTests.aDeadlineOnTheSecondLockMakesAtLeastOneSwapGiveUp`). It is a \
            diagnosis, not a design: the caller must still retry or report.
            """,
        ],
        pitfalls: [
            """
            The deadlock needs both threads inside `swap` at once, so it can pass every test and \
            hang in production. A pause (or any work) while holding the first lock makes it likely; \
            the gate here makes it certain.
            """,
            """
            `swap(X, X)` hangs even on one thread: it locks X's `NSLock` twice, and an `NSLock` \
            locked twice by one thread never returns. `orderedSwap` returns early when both \
            arguments are the same object.
            """,
            """
            `NSLock.lock()` can't be called from async code (it is `noasync`), and must not block a \
            cooperative thread anyway: the legacy swaps run on their own `Thread`s.
            """,
            """
            An actor can't deadlock like this, because it never blocks a thread, but an actor method \
            that awaits another actor lets other calls in at that `await` (`actor-reentrancy`). Don't \
            nest `Mutex.withLock` calls on two mutexes either: that brings the lock order back.
            """,
            """
            Nothing notices the deadlock: the two threads just sleep in the kernel. libdispatch's \
            same-queue check (`sync-deadlock`) doesn't cover locks, and under ThreadSanitizer this \
            demonstration hangs without a report. Keep the lock order written down, or use one lock.
            """,
        ],
        annotations: [
            "`LockedValue` is `@unchecked Sendable`: `value` is read and written only while holding its `lock`.",
            "The driver's `log` and swap closures are `@escaping @Sendable`: they run on the two threads.",
        ],
        differences: [
            """
            In a child process the classic two swaps hang until the timeout, after both threads \
            logged that they hold a lock, while the modern swaps finish \
            (`SwapperTests.legacyOppositeOrderDeadlocksInAChildProcess`, \
            `SwapperTests.modernSwapsFinishInAChildProcess`).
            """,
            """
            Legacy's fixed swaps (one lock order) and Modern's one `Mutex` both end with \
            `(X, Y) == (1, 2)` (`SwapperTests.twoSwapsRestoreTheValues`).
            """,
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its lock-order deadlock example: to prevent \
            this deadlock, it recommends "something better than a simple readers–writer lock", \
            such as write preference or read-copy-update. Those address writer starvation and \
            reader scalability, not deadlock; the cure is one global lock order (or one lock). \
            See `rcu-snapshot` for what read-copy-update is for.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Swapper` would land on the main actor, so tasks could not call `swap()` synchronously; `nonisolated` keeps the one-`Mutex` swap callable from any task.",
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
