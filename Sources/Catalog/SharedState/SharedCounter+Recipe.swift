import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let raceConditionCounter = Recipe(
        id: "race-condition-counter",
        title: "Lost updates without mutual exclusion",
        chapter: .sharedState,
        sources: [
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Critical Section\", \"Race Condition\" and \"Thread Safe\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `NSLock` ticket-sale example (\"without the lock tickets can reach −1\") and its remarks on a shared integer and mutual exclusion",
        ],
        file: "SharedState/SharedCounter.swift",
        apis: [
            APIMapping("NSLock around count += 1", "`Mutex.withLock { $0 += 1 }`; an actor method"),
            APIMapping("pthread_mutex_lock around count += 1", "`Mutex.withLock`"),
        ],
        prose: Articles.recipe("race-condition-counter"),
        replaces: [.nonisolatedUnsafe],
        scenarios: [
            Scenario(
                "lost update, step by step",
                rules: [.invariant(["increments"])],
                legacy: { context in
                    let log = context.log
                    let total = await onOwnThread { Legacy.SharedCounter.loseAnUpdate(log: log) }
                    context.log("total = \(total) after 2 increments")
                    context.record("increments", 2)
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SharedCounter.incrementTwice(log: context.log)
                    context.log("total = \(total) after 2 increments")
                    context.record("increments", 2)
                    context.record("total", total)
                }
            ),
            Scenario(
                "NSLock vs Mutex",
                rules: [.invariant(["total"])],
                legacy: { context in
                    let total = await onOwnThread { Legacy.SharedCounter.countWithALock() }
                    context.log("NSLock: 4 threads × 10000 increments = \(total)")
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SharedCounter.countWithAMutex()
                    context.log("Mutex: 4 tasks × 10000 increments = \(total)")
                    context.record("total", total)
                }
            ),
            Scenario(
                "NSLock vs actor",
                rules: [.invariant(["total"])],
                legacy: { context in
                    let total = await onOwnThread { Legacy.SharedCounter.countWithALock() }
                    context.log("NSLock: 4 threads × 10000 increments = \(total)")
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SharedCounter.countWithAnActor()
                    context.log("actor: 4 tasks × 10000 increments = \(total)")
                    context.record("total", total)
                }
            ),
        ]
    )
}
