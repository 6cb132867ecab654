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
        prose: Articles.recipe("concurrent-counters"),
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
