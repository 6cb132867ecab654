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
        problem: """
            Guard a counter with a semaphore created with one permit, `wait()` before the \
            critical section and `signal()` after. You have probably met this in SDWebImage, whose \
            `SD_LOCK(lock)` / `SD_UNLOCK(lock)` macros are `dispatch_semaphore_wait` / \
            `dispatch_semaphore_signal` on a `dispatch_semaphore_create(1)`. Four threads (or \
            tasks) × 10,000 increments must give 40,000.
            """,
        changes: [
            """
            `DispatchSemaphore(value: 1)` becomes a `Mutex(0)` that holds the counter itself; \
            `wait()` … `signal()` becomes `withLock { $0 += 1 }`. Both sides count to exactly \
            40,000, and to exactly 10,000 with 200 threads or tasks × 50 increments \
            (`SemaphoreCounterTests.hundredsOfCallersLoseNoIncrement`).
            """,
            """
            The legacy class is `@unchecked Sendable`, because the compiler cannot see that the \
            semaphore guards `count`; the modern one is plainly `Sendable`, and `count` can only \
            be reached inside `withLock`.
            """,
            """
            A semaphore has no owner, so priority inversion cannot be resolved: when a \
            high-priority thread waits on it, the system cannot know which thread will \
            `signal()`, and cannot lend it the waiter's priority. A lock has an owner: on Apple \
            platforms `os_unfair_lock` and `Mutex` donate priority to it, and on Linux a contended \
            `Mutex` waits in a priority-inheritance futex (`FUTEX_LOCK_PI`). Priorities are hints \
            on Linux, so no test here asserts the effect (see `priority-inversion-demo`).
            """,
            """
            Cost: the semaphore, the `Mutex` and the other locks are compared in `lock-zoo` \
            (`Mutex` and `NSLock` are within noise of each other there); this recipe is about \
            which one is correct to use, not which is faster.
            """,
        ],
        pitfalls: [
            """
            Any thread can `signal()` a semaphore, including one that never waited \
            (`SemaphoreCounterTests.legacySemaphoreCanBeReleasedByAThreadThatNeverTookIt`). An \
            unbalanced `signal()` (an early `return` that signals twice, a `defer` plus an explicit \
            `signal()`) silently raises the count to two, and from then on two threads are inside \
            the critical section at once \
            (`SemaphoreCounterTests.legacyAnExtraSignalLetsTwoCallersIn`). A `Mutex` is released \
            by the `withLock` scope that took it; there is no call to unbalance.
            """,
            """
            A semaphore is not re-entrant either: a thread that waits on it again while inside \
            blocks forever (a `Mutex` locked again traps at once, signal 4; see \
            `synchronized-recursive-lock`).
            """,
            """
            Never `wait()` on a semaphore in `async` code, as a lock or otherwise: it blocks a \
            cooperative thread, and there are only as many as cores. A `Mutex` in async code is \
            fine for a short critical section with no `await` inside (the closure of `withLock` \
            cannot `await`).
            """,
        ],
        platformNotes: [
            """
            **Darwin**: `Mutex` needs iOS 18 / macOS 15; for older targets use \
            `OSAllocatedUnfairLock` or `NSLock`, which also have owners.
            """,
            """
            **Linux**: under ThreadSanitizer a contended `Mutex` is reported as a race \
            (`lock-zoo`); `.ci/tsan.supp` names this counter for that reason.
            """,
        ],
        annotations: [
            """
            `SemaphoreCounter` (legacy) is `@unchecked Sendable`, with a comment naming the \
            protection: `count` is only touched between `lock.wait()` and `lock.signal()`.
            """
        ],
        differences: [
            """
            The semaphore has no owner: a thread that never waited can release the permit another \
            thread holds, and the next waiter gets in while the first is still inside \
            (`SemaphoreCounterTests.legacySemaphoreCanBeReleasedByAThreadThatNeverTookIt`). \
            `Mutex` has no such call: only the scope that locked it unlocks it.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `SemaphoreCounter` would land on the main actor, so tasks could not call `increment()` synchronously; `nonisolated` keeps the `Mutex`-protected counter callable from any thread or task.",
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
