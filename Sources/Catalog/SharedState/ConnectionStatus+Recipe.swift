import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let waitForState = Recipe(
        id: "wait-for-state",
        title: "Block until a shared state is reached, or time out",
        chapter: .sharedState,
        sources: [
            "Seen in real code: app code that parks a thread on an `NSCondition` until a connection or session is \"connected\" or \"logged in\", with `wait(until:)` as the timeout"
        ],
        file: "SharedState/ConnectionStatus.swift",
        apis: [
            APIMapping(
                "NSCondition wait-until-state loop (lock, while state != wanted { wait(until:) }, unlock)",
                "an actor holding the state and one `CheckedContinuation` per waiter"),
            APIMapping("NSCondition.broadcast() after changing the state", "resume the waiters of that state"),
            APIMapping(
                "NSCondition.wait(until: deadline)",
                "a task group racing the wait against `clock.sleep(for:)`; the loser is cancelled"),
        ],
        problem: """
            Callers must wait until a shared connection reaches `.connected`, each with a \
            deadline. You have probably met this in app code that parks a thread on an \
            `NSCondition` until a session is "connected" or "logged in": `lock`, \
            `while state != wanted { wait(until: deadline) }`, `unlock`, with the setter calling \
            `broadcast()`. Three waiters must each resume exactly once when the state goes \
            `.connecting → .connected`; a waiter with a 20 ms deadline and no change must time out.
            """,
        changes: [
            """
            The `NSCondition` and the `state` it guards become an actor: `state` plus a dictionary \
            of waiting continuations, each with the state it wants. `broadcast()` becomes `set` \
            resuming exactly the waiters of the new state, in the same actor turn, after removing \
            them from the dictionary. Three waiters (and 200 waiters) all resume, each once, on \
            both sides (`ConnectionStatusTests.threeWaitersEachResumeExactlyOnce`, \
            `ConnectionStatusTests.hundredsOfWaitersAllResume`).
            """,
            """
            `wait(until: deadline)` becomes a race in a task group: the wait against \
            `clock.sleep(for: timeout)` on an injected `Clock`; whichever finishes first wins and \
            the other is cancelled. A timeout is therefore just a cancellation of the wait, and \
            leaves nothing behind (`ConnectionStatusTests.aWaiterWithA20msDeadlineTimesOut`).
            """,
            """
            Cancellation at every point, asserted by \
            `ConnectionStatusTests.modernCancelledWaiterLeavesNoContinuation` with 200 waiters: \
            cancelled before the call, a waiter throws `CancellationError` without storing a \
            continuation; cancelled while waiting, its cancellation handler hops onto the actor, \
            removes its continuation and resumes it with `CancellationError` (the waiter count \
            goes back to 0, and the others still resume on `set`); cancelled after `set` resumed \
            it, it returns normally, since there is nothing left to withdraw.
            """,
            """
            Fairness and back-pressure: all waiters of a state resume together, in no promised \
            order (like `broadcast()`); `set` never waits for them, and a waiter never blocks a \
            thread. A parked legacy thread costs a thread (200 waiters are 200 threads); 200 \
            modern waiters are 200 continuations.
            """,
        ],
        pitfalls: [
            """
            A continuation must be resumed exactly once. Remove it from the table *before* \
            resuming it, on every path, and check `Task.isCancelled` before storing it: a \
            cancellation that arrives before the handler is installed runs `onCancel` at once, and \
            the withdrawal must find the continuation stored (the actor is busy until it is).
            """,
            """
            The predicate loop is mandatory: `wait` may return with nothing changed (a spurious \
            wake-up), or after a change to another state, and a `broadcast()` sent before anyone \
            waits is lost. The state is what is remembered, so a waiter that arrives after the \
            change returns at once (`ConnectionStatusTests.aStateSetBeforeTheWaitIsSeen`).
            """,
            """
            `broadcast()`, not `signal()`: waiters for different states share one condition, and \
            `signal()` wakes one waiter, maybe not the one whose state came.
            """,
            """
            A legacy waiter sees whatever the state is when it gets the lock back, so a state that \
            comes and goes before then (`.connected`, then at once `.disconnected`) can be missed. \
            The modern `set` resumes the waiter itself, so it cannot miss it \
            (`ConnectionStatusTests.modernWaiterSeesAStateThatIsReplacedAtOnce`).
            """,
            """
            Never call `NSCondition.wait` from async code: it is unavailable there (`noasync`), and \
            blocking a cooperative thread can starve the pool. Keep legacy waits on threads of \
            their own, as this recipe's driver does.
            """,
        ],
        annotations: [
            """
            `ConnectionStatus` (legacy) is `@unchecked Sendable`: `state` is only touched while \
            holding `condition`. The driver's `Outcomes` is `@unchecked Sendable` for the same \
            reason, with an `NSLock`.
            """
        ],
        differences: [
            """
            A parked legacy thread cannot be cancelled: it leaves only when its state comes or its \
            deadline passes (`ConnectionStatusTests.aWaiterWithA20msDeadlineTimesOut`). A modern \
            waiter can be cancelled at any point and leaves no continuation behind \
            (`ConnectionStatusTests.modernCancelledWaiterLeavesNoContinuation`).
            """
        ],
        replaces: [.condition],
        scenarios: [
            Scenario(
                "3 waiters, connecting → connected",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    // A deadline that must not be reached: the state comes first.
                    await onOwnThread {
                        Legacy.ConnectionStatus.connect(waiters: 3, timeout: .seconds(30), log: log)
                    }
                },
                modern: { context in
                    await Modern.ConnectionStatus.connect(waiters: 3, timeout: .seconds(30), log: context.log)
                }
            ),
            Scenario(
                "no change, the deadline passes",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let timeout = context.pace(.seconds(2))
                    await onOwnThread { Legacy.ConnectionStatus.timeOut(after: timeout, log: log) }
                },
                modern: { context in
                    await Modern.ConnectionStatus.timeOut(after: context.pace(.seconds(2)), log: context.log)
                }
            ),
        ]
    )
}
