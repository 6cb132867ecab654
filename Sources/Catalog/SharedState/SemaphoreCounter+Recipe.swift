import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let semaphoreAsMutex = Recipe(
        id: "semaphore-as-mutex",
        title: "`DispatchSemaphore(value: 1)` used as a lock",
        chapter: .sharedState,
        sources: [
            "Seen in real code: SDWebImage 5.x SDWebImage/Private/SDInternalMacros.h (`SD_LOCK`/`SD_UNLOCK`)"
        ],
        file: "SharedState/SemaphoreCounter.swift",
        apis: [
            APIMapping("DispatchSemaphore(value: 1) as a lock", "`Mutex` (Synchronization); an actor"),
            APIMapping(
                "DispatchSemaphore.wait() / signal() around a critical section", "`Mutex.withLock { … }`"),
        ],
        prose: Articles.recipe("semaphore-as-mutex"),
        replaces: [.semaphoreAsLock],
        scenarios: [
            Scenario(
                "4 × 10000 increments",
                rules: [.invariant(["total"])],
                legacy: { context in
                    let total = await onOwnThread { Legacy.SemaphoreCounter.count(threads: 4, increments: 10_000) }
                    context.log("DispatchSemaphore(value: 1): 4 threads × 10000 increments = \(total)")
                    context.record("total", total)
                },
                modern: { context in
                    let total = await Modern.SemaphoreCounter.count(tasks: 4, increments: 10_000)
                    context.log("Mutex: 4 tasks × 10000 increments = \(total)")
                    context.record("total", total)
                }
            )
        ]
    )
}
