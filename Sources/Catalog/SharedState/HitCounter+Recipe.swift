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
        prose: Articles.recipe("atomic-counter"),
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
