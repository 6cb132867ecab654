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
        problem: """
            Guard one shared counter with each kind of lock a legacy app uses (`NSLock`, \
            `NSRecursiveLock`, a `pthread_mutex_t`, a serial queue), always through that lock's own \
            interface, and pick the Swift 6 replacement for each: `Mutex`, `Atomic` or an actor.
            """,
        changes: [
            """
            Every kind gives exactly 40,000 for 4 threads (or tasks) × 10,000 increments; what \
            differs is the cost. Measured with `swift run -c release compare lock-zoo --runs 15` \
            on 2 cores (Linux, Swift 6.3.1, release build, 2026-11-24, while other builds kept \
            the load average between 7 and 11), median wall time of one whole run, three runs: \
            `Atomic` 1.2 to 1.4 ms; `Mutex` 1.3 to 2.0 ms; `NSLock` 1.4 to 2.0 ms; \
            `NSRecursiveLock` 1.4 to 2.5 ms; `pthread_mutex_t` 1.0 to 2.1 ms; serial queue 4.0 \
            to 5.7 ms; actor 4.6 to 6.8 ms.
            """,
            """
            Read the numbers as three tiers, not a ranking. The four locks and `Atomic` are \
            within noise of each other (`NSLock` against `Mutex` read 0.81×, 1.34× and 0.99× in \
            three runs). The serial queue and the actor cost about three times as much, because \
            each increment is a hand-off (a `sync` block, an actor hop) rather than a lock taken \
            in place. The actor is no faster than the queue it replaces (0.88×, 1.02× and \
            1.34× its time): where \
            a `Mutex` would do, it is the slow modern choice.
            """,
            """
            Pick by who calls. **`Mutex`** is the default replacement for `NSLock`, \
            `NSRecursiveLock`, `pthread_mutex_t` and `os_unfair_lock`: the API stays \
            synchronous, the class is `Sendable` with no `@unchecked`, and the count can only be \
            reached inside `withLock`. **`Atomic`** is for a lone counter or flag: no lock at all. \
            **An actor** is for state whose callers can `await` anyway and whose operations are \
            more than a few instructions; for a bare increment it is the slowest choice here, \
            because every call from outside is a hop onto the actor \
            ([what each primitive costs](../performance.md#bench-lock-uncontended)).
            """,
            """
            The `pthread_mutex_t` needs a heap allocation, `pthread_mutex_init` and \
            `pthread_mutex_destroy`; `Mutex` needs none of that: it is `~Copyable`, so it is never \
            moved by a copy, and it cleans up after itself.
            """,
        ],
        pitfalls: [
            """
            `Mutex` is not recursive: locking it again on the thread that holds it traps at once, \
            on Linux and Darwin alike, where `NSRecursiveLock` allowed it and `NSLock` hangs \
            (`synchronized-recursive-lock`).
            """,
            """
            `NSLock.lock()` is unavailable in async code (a compile error); `withLock {}` is \
            allowed but still blocks the thread while it waits. In async code prefer `Mutex` with \
            short critical sections, or an actor.
            """,
            """
            A `pthread_mutex_t` stored as a plain Swift property may be moved by the compiler, and \
            a moved mutex is undefined behaviour: allocate it (`UnsafeMutablePointer`) as the \
            legacy side does.
            """,
            """
            Never operate a lock through another kind's interface: an `NSLock` method on a mutex \
            made by `pthread_mutex_init`, or the reverse, is undefined (as the *Threading \
            Programming Guide* says). Mixing kinds in one app is fine; mixing them on one lock is \
            not.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: `Mutex` and `Atomic` need iOS 18 / macOS 15 at run time. For an older \
            deployment target, `OSAllocatedUnfairLock` (iOS 16 / macOS 13) or `NSLock` remain \
            the lock to use.
            """,
            """
            **Linux**: the Apple locks (`os_unfair_lock`, `OSAllocatedUnfairLock`) don't exist; \
            `Mutex` comes with every Swift 6 toolchain.
            """,
            """
            **Linux**: under ThreadSanitizer, a *contended* `Mutex` is reported as a race: the \
            hand-over happens inside the kernel, where the sanitizer can't see it. This project \
            lists each such site in `.ci/tsan.supp` with that reason.
            """,
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
            """
            Each legacy counter is `@unchecked Sendable` with a comment naming its lock: the \
            compiler cannot see that `count` is only touched while the lock is held (or on the \
            queue).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `MutexCounter` and `AtomicCounter` would land on the main actor, so tasks could reach `increment()` only by hopping there; `nonisolated` keeps both callable from any thread or task, as the lock and the atomic intend.",
        replaces: [.pthreadMutex, .recursiveLock, .nsLock],
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
