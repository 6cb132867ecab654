import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let lockZoo = Recipe(
        id: "lock-zoo",
        title: "One critical section, every lock kind",
        chapter: .sharedState,
        sources: ["*Threading Programming Guide*, \"Thread Management\" › \"Using POSIX Threads in a Cocoa Application\" (its part on mixing POSIX and Cocoa locks)"],
        file: "SharedState/LockZoo.swift",
        apis: [
            APIMapping("NSLock", "`Mutex` (Synchronization)"),
            APIMapping("NSRecursiveLock", "`Mutex` locked once at the entry point (it is not recursive)"),
            APIMapping(
                "pthread_mutex_t (pthread_mutex_init, pthread_mutex_lock, pthread_mutex_destroy)",
                "`Mutex`; `Atomic` for a lone counter"),
            APIMapping(
                "DispatchQueue(label:) used as a lock with sync",
                "an actor when callers can `await`; a `Mutex` when they can't"),
            APIMapping("os_unfair_lock, OSAllocatedUnfairLock", "`Mutex` (the Apple locks don't exist on Linux)"),
        ],
        prose: Articles.recipe("lock-zoo"),
        replaces: [.pthreadMutex, .recursiveLock, .recursiveLockLock, .nsLock],
        outputLayout: .table,
        scenarios: [
            lockZooScenario("NSLock vs Mutex", legacy: Legacy.LockZoo.NSLockCounter.init, modern: .mutex),
            lockZooScenario(
                "NSRecursiveLock vs Mutex", legacy: Legacy.LockZoo.RecursiveLockCounter.init, modern: .mutex),
            lockZooScenario(
                "pthread_mutex_t vs Atomic", legacy: Legacy.LockZoo.PthreadMutexCounter.init, modern: .atomic),
            lockZooScenario("serial queue vs actor", legacy: Legacy.LockZoo.SerialQueueCounter.init, modern: .actor),
            lockZooScenario("serial queue vs Mutex", legacy: Legacy.LockZoo.SerialQueueCounter.init, modern: .mutex),
        ]
    )

    /// The modern kinds a lock-zoo scenario can run.
    private enum ModernLock: String {
        case mutex = "Mutex", atomic = "Atomic", actor = "actor"
    }

    /// One scenario: 4 threads × 10,000 increments with a legacy lock, 4 tasks × 10,000 with a
    /// modern one; both must end at 40,000.
    private static func lockZooScenario(
        _ name: String,
        legacy makeCounter: @escaping @Sendable () -> any Legacy.LockZoo.Counter,
        modern: ModernLock
    ) -> Scenario {
        let legacyName = String(name.split(separator: " vs ")[0])
        return Scenario(
            name,
            rules: [.invariant(["total"])],
            legacy: { context in
                let total = await onOwnThread { Legacy.LockZoo.count(with: makeCounter()) }
                context.log("\(legacyName): 4 threads × 10000 increments = \(total)")
                context.record("total", total)
            },
            modern: { context in
                let total: Int
                switch modern {
                case .mutex:
                    let counter = Modern.LockZoo.MutexCounter()
                    total = await Modern.LockZoo.count(increment: { counter.increment() }, value: { counter.value })
                case .atomic:
                    let counter = Modern.LockZoo.AtomicCounter()
                    total = await Modern.LockZoo.count(increment: { counter.increment() }, value: { counter.value })
                case .actor:
                    let counter = Modern.LockZoo.ActorCounter()
                    total = await Modern.LockZoo.count(
                        increment: { await counter.increment() }, value: { await counter.value })
                }
                context.log("\(modern.rawValue): 4 tasks × 10000 increments = \(total)")
                context.record("total", total)
            }
        )
    }
}
