import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let synchronizedRecursiveLock = Recipe(
        id: "synchronized-recursive-lock",
        title: "`@synchronized` / `NSRecursiveLock`: a re-entrant critical section",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `@synchronized(anObj)` example",
            "The Read-And-Learn wiki page \"iOS并发编程\", its list of other lock classes (`NSRecursiveLock`, named only)",
        ],
        file: "SharedState/SynchronizedCounter.swift",
        apis: [
            APIMapping(
                "@synchronized / objc_sync_enter", "`Mutex.withLock` (Synchronization), locked once at the entry"),
            APIMapping(
                "NSRecursiveLock re-entered by a recursive method",
                "no direct equivalent: restructure, recursing on the `inout` value under one `Mutex.withLock`; or an actor"
            ),
        ],
        problem: """
            Guard an object's state with a per-object critical section that the same thread \
            re-enters when a locked method calls itself.
            """,
        changes: [
            """
            `@synchronized(self)` needs the Objective-C runtime; the legacy side is its Swift \
            form, an `NSRecursiveLock` per object, re-locked at every level of \
            `add(countdownFrom:)`. A depth of 5 returns 15 on both sides, and 4 × 10,000 \
            increments give 40,000 (`SynchronizedCounterTests.bothSidesAddFifteenAtDepthFive`, \
            `SynchronizedCounterTests.bothSidesCountFortyThousand`).
            """,
            """
            `Mutex` is not recursive, so the modern side is restructured: the public method locks \
            once, and the recursion is a static function over the `inout` value `withLock` hands \
            out. It cannot lock again, and the compiler checks the exclusive access.
            """,
            """
            An actor is the other way out: its methods call each other synchronously, with no \
            re-locking at all. It costs an `await` at every outside call; `Mutex` keeps the \
            synchronous API that `@synchronized` code had.
            """,
        ],
        pitfalls: [
            """
            Translating `@synchronized` into `NSLock` hangs on the first re-entry, and into \
            `Mutex` traps. Both are shown in child processes; check each call path for \
            re-entry before you swap the lock.
            """,
            """
            `@synchronized` also unlocks when an Objective-C exception unwinds through it; \
            `withLock` gives the same guarantee for every way out of its closure, errors included.
            """,
            """
            A recursive lock hides the re-entry instead of removing it: a callback that runs \
            under the lock and changes the state can break an invariant the outer level relies \
            on. The restructured form makes the re-entry visible.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `Mutex` is a futex. Locked again by the thread that holds it, the kernel \
            answers `EDEADLK`, and the Synchronization module's `_MutexHandle` calls \
            `fatalError("Recursive call to lock Mutex")`: SIGILL, exit 132.
            """,
            """
            **Darwin**: `Mutex` is an `os_unfair_lock` (`_MutexHandle` calls \
            `os_unfair_lock_lock`), and libplatform's `_os_unfair_lock_lock_slow` aborts a \
            recursive lock with "BUG IN CLIENT OF LIBPLATFORM: Trying to recursively lock an \
            os_unfair_lock": a trap there too, not a hang.
            """,
        ],
        annotations: [
            "`SynchronizedCounter` is `@unchecked Sendable`: `value` is read and written only while holding `lock`."
        ],
        differences: [
            """
            `Mutex` traps on re-entry where `NSRecursiveLock` allows it: re-locked on the same \
            thread, the modern `Mutex` kills the process (SIGILL on Linux) after its second \
            "locking" line, while the legacy `NSLock` (the non-recursive translation) hangs \
            there (`SynchronizedCounterTests.mutexTrapsOnReentryWhereNSLockHangs`), and the \
            `NSRecursiveLock` lets the thread in (`SynchronizedCounterTests.bothSidesAddFifteenAtDepthFive`).
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `@synchronized` example: \
            `@synchronized` is not merely a shorter `NSLock`: it is recursive (and \
            exception-safe). Rewritten with an `NSLock`, code that re-enters it hangs.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `SynchronizedCounter` would land on the main actor, so tasks and threads could not call `increment()` or `add(countdownFrom:)` synchronously; `nonisolated` keeps it callable from anywhere.",
        replaces: [.synchronized, .recursiveLock, .nsLock, .nsLockLock, .thread],
        scenarios: [
            Scenario(
                "re-entry and 4 × 10,000",
                rules: [.invariant(["sumAtDepthFive", "total"])],
                legacy: { context in
                    let (sum, total) = await onOwnThread {
                        (
                            Legacy.SynchronizedCounter().add(countdownFrom: 5),
                            Legacy.SynchronizedCounter.incrementConcurrently(threads: 4, times: 10_000)
                        )
                    }
                    RecursiveLockReport.record(sum: sum, total: total, in: context)
                },
                modern: { context in
                    let sum = Modern.SynchronizedCounter().add(countdownFrom: 5)
                    let total = await Modern.SynchronizedCounter.incrementConcurrently(tasks: 4, times: 10_000)
                    RecursiveLockReport.record(sum: sum, total: total, in: context)
                }
            ),
            Scenario(
                "re-locking a non-recursive lock",
                rules: [.subprocessDemo(legacy: .hangs, modern: .traps)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.SynchronizedCounter.recurseUnderNSLock(depth: 5, log: log)
                    }),
                modern: .childProcess(
                    .onMainThread { _, log in
                        Modern.SynchronizedCounter.recurseUnderMutex(depth: 5, log: log)
                    })
            ),
        ]
    )
}

/// What both sides log and record.
private enum RecursiveLockReport {
    static func record(sum: Int, total: Int, in context: RunContext) {
        context.log("add(countdownFrom: 5) = \(sum)")
        context.log("4 × 10,000 increments = \(total)")
        context.record("sumAtDepthFive", sum)
        context.record("total", total)
    }
}
