import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let barrierCountedDictionary = Recipe(
        id: "barrier-counted-dictionary",
        title: "Barrier setter: count 0 removes the key",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `-setCount:forKey:` on a concurrent isolation queue"
        ],
        file: "SharedState/KeyCounts.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:attributes: .concurrent) guarding a dictionary",
                "`Mutex<[String: Int]>` in a `final class … : Sendable`; or an actor"),
            APIMapping("async(flags: .barrier) setter", "`counts.withLock { … }`, synchronous"),
            APIMapping("DispatchQueue.sync read", "`counts.withLock { $0[key] }`"),
        ],
        problem: """
            A thread-safe dictionary of counts whose setter removes a key when its count drops to \
            0: reads may run side by side, each write runs alone.
            """,
        changes: [
            """
            The concurrent queue, its barrier setter and its `sync` reads become one \
            `Mutex<[String: Int]>` inside a `final class KeyCounts: Sendable`. The API stays \
            synchronous, so no caller changes; the compiler checks that every access holds the \
            lock, and the `@unchecked Sendable` comment goes away.
            """,
            """
            `set a = 3`, `set b = 5`, `set a = 0` leave `b = 5` on both sides \
            (`KeyCountsTests.settingZeroRemovesTheKey`). Eight setters at once on keys `k0…k7`, \
            then one read, see all eight (`KeyCountsTests.eightConcurrentSettersAreAllSeen`).
            """,
            """
            The barrier setter returned before its write ran; a later `sync` read still saw it, \
            because the queue starts a read only after the barrier before it. The `Mutex` setter \
            returns after the write. A caller cannot tell the difference, but a slow setter now \
            costs its caller the time.
            """,
            """
            Reads no longer overlap: each holds the lock for one lookup, which is shorter than \
            the queue hop a `sync` read cost. When reads are long and must overlap, publish \
            immutable snapshots (`rcu-snapshot`). For the actor form of the same queue, with \
            its cost measured, see `readers-writer-barrier`.
            """,
            """
            A read-modify-write is one barrier block, or one `withLock`: 4 callers × 250 \
            `increment(forKey:)` end at 1,000 on both sides \
            (`KeyCountsTests.incrementIsOneCriticalSection`).
            """,
            """
            Cost: in `swift run -c release compare barrier-counted-dictionary` (median of 15 \
            runs, busy 2-core machine) the `Mutex` took 15 µs for the 8 setters against 63 µs \
            for the barrier queue, and 55 µs for the 1,000 increments against 446 µs. A lock held \
            for one dictionary operation is the cheapest tool here, and it keeps the API \
            synchronous; an actor costs an `await` per call on top.
            """,
            """
            The classic `key = [key copy]` protected the dictionary from a caller's \
            `NSMutableString` changing later; a Swift `String` key is a value, so it goes.
            """,
        ],
        pitfalls: [
            """
            "Make every barrier async" (the classic code's comment) is the rule that matters. A \
            barrier `sync` from a block already running on the same queue waits for that block, \
            which waits for it: libdispatch does not notice, and the thread hangs. The "nested \
            barrier / nested lock" scenario runs it in a child process.
            """,
            """
            `Mutex` has the same hazard in a new shape: calling the setter from inside \
            `withLock` locks it again, and `Mutex` is not recursive, so it traps at once \
            (`KeyCountsTests.nestedBarrierHangsAndNestedLockTraps`). A trap is easier to find \
            than a hang; better still, never call back into the class from inside the closure.
            """,
            """
            A barrier works only on a custom concurrent queue; on a global queue it is a plain \
            `async` and the writes race (`readers-writer-barrier`).
            """,
            """
            Keep the closure of `withLock` short and free of calls to code you don't own; it \
            cannot `await`, which is what keeps the check-and-write atomic (compare \
            `actor-reentrancy`).
            """,
        ],
        platformNotes: [
            """
            **Linux**: a plain `sync` from inside a barrier block traps at once (SIGILL), like \
            `sync-deadlock` on a serial queue.
            """,
            """
            **Linux**: a contended `Mutex` hands over inside the kernel, where ThreadSanitizer \
            cannot see it, so the sanitizer reports a false race; `.ci/tsan.supp` names `setCount` \
            and `increment` for that reason.
            """,
        ],
        annotations: [
            """
            `KeyCounts` is `@unchecked Sendable`: `counts` is written only in barrier blocks on \
            `isolationQueue` and read only with `sync` on it.
            """,
            "The completion is `@escaping @Sendable`: it runs on a global queue.",
        ],
        differences: [
            """
            The same mistake, a read-modify-write that takes the lock again from inside, ends \
            differently: the nested barrier `sync` hangs until the child is killed, the nested \
            `withLock` traps at once with SIGILL \
            (`KeyCountsTests.nestedBarrierHangsAndNestedLockTraps`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `KeyCounts` would land on the main actor, so its synchronous setter and reads could not be called from tasks or threads; `nonisolated` keeps them callable from anywhere, as the `Mutex` intends.",
        replaces: [.barrier, .concurrentQueue],
        scenarios: [
            Scenario(
                "set, set, set to 0",
                rules: [.exact],
                legacy: { context in
                    Legacy.KeyCounts.setAndRemove(log: context.log)
                },
                modern: { context in
                    Modern.KeyCounts.setAndRemove(log: context.log)
                }
            ),
            Scenario(
                "8 concurrent setters",
                rules: [.invariant(["counts"])],
                legacy: { context in
                    let counts = await withCheckedContinuation { done in
                        Legacy.KeyCounts.concurrentSetters(8) { done.resume(returning: $0) }
                    }
                    let shown = Legacy.KeyCounts.describe(counts)
                    context.log("read after 8 setters: \(counts.count) keys")
                    context.record("counts", shown)
                },
                modern: { context in
                    let counts = await Modern.KeyCounts.concurrentSetters(8)
                    let shown = Modern.KeyCounts.describe(counts)
                    context.log("read after 8 setters: \(counts.count) keys")
                    context.record("counts", shown)
                }
            ),
            Scenario(
                "4 callers × 250 increments",
                rules: [.invariant(["hits"])],
                legacy: { context in
                    let hits = await withCheckedContinuation { done in
                        Legacy.KeyCounts.concurrentIncrements(callers: 4, times: 250) { done.resume(returning: $0) }
                    }
                    context.log("hits = \(hits ?? 0)")
                    context.record("hits", hits ?? 0)
                },
                modern: { context in
                    let hits = await Modern.KeyCounts.concurrentIncrements(callers: 4, times: 250)
                    context.log("hits = \(hits ?? 0)")
                    context.record("hits", hits ?? 0)
                }
            ),
            Scenario(
                "nested barrier / nested lock",
                rules: [.subprocessDemo(legacy: .hangs, modern: .traps)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        let counts = Legacy.KeyCounts()
                        counts.setCount(1, forKey: "hits")
                        counts.incrementWithANestedBarrier(forKey: "hits", log: log)
                    }),
                modern: .childProcess(
                    .onMainThread { _, log in
                        let counts = Modern.KeyCounts()
                        counts.setCount(1, forKey: "hits")
                        counts.incrementWithANestedLock(forKey: "hits", log: log)
                    })
            ),
        ]
    )
}
