import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threeCounters = Recipe(
        id: "concurrent-counters",
        title: "Three counters: sequential vs on separate threads",
        chapter: .threads,
        sources: [
            "*iOS Programming Cookbook*, §7.15 \"Creating Concurrency with Threads\" (`firstCounter`, `secondCounter`, `thirdCounter`)",
            "*iOS Programming Cookbook*, §7.16 \"Invoking Background Methods\" (`performSelectorInBackground` ×3)",
        ],
        file: "Threads/ThreeCounters.swift",
        apis: [
            APIMapping(
                "Thread.detachNewThread ×N, joined with a DispatchGroup",
                "`async let` for a fixed few, `withDiscardingTaskGroup` for any number"),
            APIMapping("performSelectorInBackground:withObject: ×3", "three child tasks in a task group"),
        ],
        problem: """
            Run three 1,000-step counting loops one after another, then at the same time: two on \
            new threads with the third on the caller (as in the *iOS Programming Cookbook*'s \
            §7.15), or all three in the background (its §7.16).
            """,
        changes: [
            """
            One after another, the calls become three awaits, and the 3,000 lines come out in the \
            same order. At once, `detachNewThread` becomes a child task: `async let` for two \
            children with the third counter in the caller, a task group for all three. Each \
            counter's lines stay in order; how they interleave varies from run to run, on both \
            sides.
            """,
            """
            The join is built in. The legacy threads can't be joined, so each leaves a \
            `DispatchGroup` and the caller blocks in `wait()`; the child tasks are awaited when \
            their scope ends, and the caller is suspended, not blocked.
            """,
            """
            What it costs, measured with `swift run -c release compare concurrent-counters` on \
            2026-11-24 (Linux, 2 cores, Swift 6.3.1, release build, while other builds kept the \
            load average near 9), median wall time per run: one after another 536 µs (legacy) \
            and 511 µs (modern); two threads and the caller 972 µs against 546 µs (0.56×); three \
            threads 1.05 ms against 521 µs (0.50×). Peak thread count, including `compare`'s \
            sampler and the thread that runs the legacy side: 9 against 5. Starting and joining \
            two or three threads adds about half a millisecond to loops that take half a \
            millisecond; the child tasks add nothing measurable.
            """,
        ],
        pitfalls: [
            """
            Never assert, or rely on, an interleaving: with two cores (or under load) one counter \
            may well finish before another starts. Only each counter's own order is guaranteed.
            """,
            """
            The classic version's detached threads are fire-and-forget: `viewDidLoad` returns \
            while they count, and nothing can wait for them or stop them. Join them (a group, a \
            semaphore) or, better, make them child tasks.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: each new thread needs its own autorelease pool, which is why the *iOS \
            Programming Cookbook* wraps the first two counters in one and not the third \
            (`autorelease-pool`).
            """,
        ],
        annotations: [
            "`log` is `@escaping @Sendable`: the counters call it from the new threads at the same time."
        ],
        differences: [
            """
            Where the counters run: each legacy counter gets a kernel thread created for it (the \
            two-thread form counts the third on the caller's thread) \
            (`ThreeCountersTests.legacyStartsAThreadPerCounter`); the modern children run on the \
            cooperative pool's threads, at most one per core at a time, and which pool thread runs \
            which child is the runtime's business. The transcripts agree.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `oneAfterAnother`, `twoChildrenAndTheCaller` and `threeChildren` would run on the main actor; `nonisolated` keeps them on the caller's executor, while each counter leaves it either way (`@concurrent`).",
        replaces: [.detachNewThread, .performSelectorInBackground, .groupWait],
        scenarios: [
            Scenario(
                "one after another",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ThreeCounters.oneAfterAnother(log: log) }
                },
                modern: { context in
                    await Modern.ThreeCounters.oneAfterAnother(log: context.log)
                }
            ),
            Scenario(
                "two threads and the caller",
                rules: [.perSourceOrder(counterPrefixes)],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ThreeCounters.twoThreadsAndTheCaller(log: log) }
                },
                modern: { context in
                    await Modern.ThreeCounters.twoChildrenAndTheCaller(log: context.log)
                }
            ),
            Scenario(
                "three threads",
                rules: [.perSourceOrder(counterPrefixes)],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ThreeCounters.threeThreads(log: log) }
                },
                modern: { context in
                    await Modern.ThreeCounters.threeChildren(log: context.log)
                }
            ),
        ]
    )
}

private let counterPrefixes = ["First Counter", "Second Counter", "Third Counter"]
