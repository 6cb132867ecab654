import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let exclusiveGate = Recipe(
        id: "exclusive-gate",
        title: "A synchronous shared/exclusive gate with drain and timeout",
        chapter: .sharedState,
        sources: [
            "Seen in real code: database and storage wrappers whose API must stay synchronous: readers enter \"shared\", a maintenance task enters \"exclusive\" after draining them, with a timeout"
        ],
        file: "SharedState/ExclusiveGate.swift",
        apis: [
            APIMapping(
                "NSCondition with a reader count, a writer flag and waiting writers (wait(until:) for the timeout)",
                "a `Mutex` around a FIFO state machine; each blocked thread parks on its own semaphore"),
            APIMapping(
                "pthread_rwlock_t (pthread_rwlock_rdlock, pthread_rwlock_wrlock, pthread_rwlock_timedwrlock)",
                "the same `Mutex` gate (a timed write lock on every platform); an actor for async callers"),
            APIMapping(
                "NSCondition.wait() on a reader or writer thread",
                "`await` on an actor holding one continuation per waiter (async callers)"),
        ],
        prose: Articles.recipe("exclusive-gate"),
        isBridging: true,
        replaces: [.condition],
        scenarios: [
            Scenario(
                "8 readers and 1 writer",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ExclusiveGate.readersAndAWriter(readers: 8, log: log) }
                },
                modern: { context in
                    let log = context.log
                    await onOwnThread { Modern.ExclusiveGate.readersAndAWriter(readers: 8, log: log) }
                }
            ),
            Scenario(
                "a writer times out behind a stuck reader",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let timeout = context.pace(.seconds(2))
                    await onOwnThread { Legacy.ExclusiveGate.timeOutBehindAStuckReader(timeout: timeout, log: log) }
                },
                modern: { context in
                    let log = context.log
                    let timeout = context.pace(.seconds(2))
                    await onOwnThread { Modern.ExclusiveGate.timeOutBehindAStuckReader(timeout: timeout, log: log) }
                }
            ),
        ]
    )
}
