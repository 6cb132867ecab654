import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let atomicCounter = Recipe(
        id: "atomic-counter",
        title: "`OSAtomic` / atomic properties → `Synchronization.Atomic`",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its pointer to `libkern/OSAtomic.h`",
            "The Read-And-Learn wiki page \"iOS并发编程\", its remark on Objective-C `atomic` properties",
        ],
        file: "SharedState/HitCounter.swift",
        apis: [
            APIMapping("OSAtomicIncrement32, atomic_fetch_add", "`Atomic<Int>.wrappingAdd(1, ordering: .relaxed)`"),
            APIMapping(
                "an atomic property (NSLock in the getter and the setter)",
                "`Atomic`; or one `Mutex.withLock` around the whole read-modify-write"),
        ],
        problem: """
            Count hits from many threads. An Objective-C `atomic` property (a lock in the getter \
            and in the setter) makes each access whole, but `hits = hits + 1` still loses updates; \
            `OSAtomic` does not exist on Linux.
            """,
        changes: [
            """
            The locked property becomes an `Atomic<Int>`, and the increment one \
            `wrappingAdd(1, ordering: .relaxed)`: the processor does the read, the add and the \
            write as one step. 4 × 10,000 hits give exactly 40,000 with it, as with the legacy \
            fix, one lock around `_hits += 1` (the parity scenario; \
            `HitCounterTests.lockedIncrementAndAtomicCountEveryHit` at 4 × 2,500).
            """,
            """
            `.relaxed` is enough for a counter that nothing else is ordered by. A flag that \
            publishes other data needs `.releasing` and `.acquiring` (`memory-barrier-publication`).
            """,
            """
            An atomic add needs no lock: the bench measured `Atomic<Int>.wrappingAdd` from 2 \
            tasks at 3.5 ns per add against 24 ns for an `NSLock`-guarded `Int` from 2 threads \
            ([measured](../performance.md#bench-counter-vs-atomic)). In `lock-zoo`'s whole runs, \
            4 tasks hammering one counter, it was within noise of a `Mutex` (1.2–1.4 ms against \
            1.3–2.0 ms for 40,000 adds): when every core fights over one cache line, the fight \
            costs more than the lock.
            """,
        ],
        pitfalls: [
            """
            Per-property atomicity does not make a read-modify-write atomic. Every access in the \
            step-by-step scenario is locked, and one hit is lost anyway \
            (`HitCounterTests.legacyAtomicPropertyLosesAHitStepByStep`). The free-running \
            version, 4 threads × `hits = hits + 1`, loses a varying number (its test prints the \
            total and asserts nothing about it; in this project's runs it printed anything from \
            18,888 to 40,000). It is not a data race (every access is locked), so \
            ThreadSanitizer is silent: a sanitizer does not find logic races.
            """,
            """
            `Atomic` is `~Copyable`. A local `let total = Atomic(0)` captured by `group.addTask` \
            fails in Swift 6.3.1 with `passing closure as a 'sending' parameter risks causing data \
            races …` and the note `closure captures reference to mutable let 'total' which is \
            accessible to code in the current task`. Keep it in a `Sendable` class (as here) or a \
            global `let`.
            """,
            """
            The old advice that `atomic` costs performance, so people declare properties \
            `nonatomic`, is why so much Objective-C state is unprotected. In Swift the choice is \
            explicit: `Atomic` for one word, `Mutex` for anything larger.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: `Atomic` and `Mutex` come with the toolchain (`import Synchronization`), \
            but need iOS 18 / macOS 15 at run time. For older deployment targets use the \
            swift-atomics package (or `OSAllocatedUnfairLock`, iOS 16 / macOS 13, for a lock).
            """,
        ],
        annotations: [
            "`HitCounter` is `@unchecked Sendable`: `_hits` is only touched while holding its `NSLock`."
        ],
        differences: [
            """
            Two hits in the losing interleaving leave 1 on the legacy side; two `wrappingAdd`s \
            leave 2 (`HitCounterTests.legacyAtomicPropertyLosesAHitStepByStep`, \
            `HitCounterTests.modernTwoAtomicAddsLoseNothing`). The rule compares the number of \
            hits made.
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程" points to `libkern/OSAtomic.h` for low-level \
            atomics; Apple deprecated those functions in favour of C11 `<stdatomic.h>`, and they \
            never existed on Linux. In Swift, use `Synchronization.Atomic`.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `HitCounter` would land on the main actor, so tasks could reach `recordHit()` only by hopping there; `nonisolated` keeps the atomic counter callable from any thread or task.",
        replaces: [.osAtomic, .nsLock, .thread, .dispatchGroup],
        scenarios: [
            Scenario(
                "locked increment vs Atomic",
                rules: [.invariant(["total"])],
                legacy: { context in
                    let total = await onOwnThread { Legacy.HitCounter.count(lockedIncrement: true) }
                    context.log("NSLock around _hits += 1: 4 threads × 10000 = \(total)")
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.HitCounter.count()
                    context.log("Atomic.wrappingAdd: 4 tasks × 10000 = \(total)")
                    context.record("total", total)
                }
            ),
            Scenario(
                "atomic property, step by step",
                rules: [.invariant(["increments"])],
                legacy: { context in
                    let log = context.log
                    let total = await onOwnThread { Legacy.HitCounter.loseAnUpdate(log: log) }
                    context.log("hits = \(total) after 2 increments")
                    context.record("increments", 2)
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.HitCounter.recordTwice(log: context.log)
                    context.log("hits = \(total) after 2 increments")
                    context.record("increments", 2)
                    context.record("total", total)
                }
            ),
        ]
    )
}
