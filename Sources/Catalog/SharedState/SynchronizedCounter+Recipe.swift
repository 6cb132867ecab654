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
        prose: Articles.recipe("synchronized-recursive-lock"),
        replaces: [.synchronized, .recursiveLock, .recursiveLockLock, .nsLock, .nsLockLock, .thread],
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
