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
        problem: """
            A storage layer's API must stay synchronous: many readers enter "shared" at once, and \
            a maintenance task enters "exclusive" once the readers inside have drained, giving up \
            after a timeout. You have probably met this in database and storage wrappers built on \
            `pthread_rwlock_t` or on an `NSCondition` with a reader count and a writer flag. Eight \
            readers and one writer: the writer never overlaps a reader, the readers overlap each \
            other, and a writer waiting 20 ms behind a stuck reader times out and leaves the gate \
            usable.
            """,
        changes: [
            """
            The API stays synchronous, so the caller's thread still blocks; what moves is the \
            state. The reader count, the writer flag and the line of waiters live in a `Mutex`, \
            and every decision is made there by `GateLine`, a plain state machine. Swift has no \
            condition variable, so each blocked caller parks on a one-shot `DispatchSemaphore` of \
            its own; the semaphore decides nothing, it only wakes the thread the line let in \
            (that is why the Modern file may use Dispatch). The page's two scenarios run both \
            gates on threads; the readers are proved to overlap by a rendezvous (all eight are \
            inside at once before any leaves), not by timing.
            """,
            """
            Fairness, stated and asserted. Both gates hold back a new reader once a writer waits, \
            so readers cannot starve a writer. The legacy gate then lets every waiting writer go \
            before any waiting reader (a stream of writers starves the readers: \
            `ExclusiveGateTests.legacyWaitingWritersGoBeforeWaitingReaders`); the modern line is \
            FIFO, with the readers at its front let in together \
            (`ExclusiveGateTests.modernServesTheLineInArrivalOrder`).
            """,
            """
            Under load (200 threads, or 200 tasks on the actor, one writer in ten) no writer ever \
            overlaps anyone, and every caller gets through \
            (`ExclusiveGateTests.writerNeverOverlapsAnyoneUnderLoad`, \
            `ExclusiveGateTests.writerNeverOverlapsAnyoneUnderLoadOnTheActor`).
            """,
            """
            For callers that can `await`, `AsyncExclusiveGate` is an actor over the same \
            `GateLine`, with a continuation per waiter. Cancellation at every point \
            (`ExclusiveGateTests.modernCancelledWaitersLeaveNothingBehind`): cancelled before \
            the call, a caller throws without joining the line; cancelled while waiting, it is \
            withdrawn (its continuation resumed with `CancellationError`, the readers it held \
            back let in), and with 100 of 200 waiters cancelled the line goes back to 0 and the \
            gate can still be taken exclusively; cancelled after it was let in, it runs its body \
            and leaves as usual.
            """,
        ],
        pitfalls: [
            """
            Never block a cooperative thread in the synchronous form: call it from threads (or \
            from code that is already synchronous), and give async callers the actor. A parked \
            thread in the cooperative pool (2 threads here) can starve it.
            """,
            """
            A writer that times out must wake the readers it was holding back: they wait for \
            `writersWaiting == 0`, and no one else will broadcast. Forget the `broadcast()` and \
            they hang until some other thread leaves. The modern `withdraw` returns the waiters \
            it lets in, so it cannot be forgotten \
            (`ExclusiveGateTests.writerTimesOutBehindAStuckReaderAndTheGateStaysUsable`).
            """,
            """
            Writer preference is a choice; state yours. Without it (readers enter whenever no \
            writer is inside), a steady stream of readers starves the writer forever. \
            `pthread_rwlock_t` leaves the choice to the platform.
            """,
            """
            A wake-up can race a timeout: the line may let a waiter in just as its deadline \
            passes. The modern gate settles that under the `Mutex`: if `withdraw` finds the \
            ticket gone, the caller is inside, takes its wake-up and proceeds; the legacy one \
            re-checks the predicate after `wait(until:)` returns `false`.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: `pthread_rwlock_t` has no timed write lock (`pthread_rwlock_timedwrlock` \
            is Linux-only).
            """,
        ],
        annotations: [
            """
            `ExclusiveGate` (legacy) is `@unchecked Sendable`: `readers`, `writer` and \
            `writersWaiting` are only touched while holding `condition`. The driver's `Tally` is \
            `@unchecked Sendable` with an `NSLock`.
            """
        ],
        differences: [
            """
            Who goes first when the gate frees up: the legacy gate lets every waiting writer in \
            before any waiting reader \
            (`ExclusiveGateTests.legacyWaitingWritersGoBeforeWaitingReaders`); the modern line \
            serves callers in arrival order, letting the readers at its front in together \
            (`ExclusiveGateTests.modernServesTheLineInArrivalOrder`).
            """,
            """
            A blocked legacy caller leaves only when let in or at its deadline; an async modern \
            caller can also be cancelled, and leaves nothing behind \
            (`ExclusiveGateTests.modernCancelledWaitersLeaveNothingBehind`).
            """,
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `GateLine` and `ExclusiveGate` would land on the main actor, so `AsyncExclusiveGate` could not use the line and only the main thread could enter the blocking gate; `nonisolated` keeps both gates usable from threads and tasks.",
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
