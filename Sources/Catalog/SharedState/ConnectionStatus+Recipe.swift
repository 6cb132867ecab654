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
                "an `NSCondition` wait-until-state loop (`lock()`, `while state != wanted { wait(until:) }`, `unlock()`)",
                "a `Mutex` guarding the state and one `CheckedContinuation` per waiter"),
            APIMapping(
                "NSCondition.broadcast() after changing the state",
                "a synchronous `set` that resumes the waiters of that state"),
            APIMapping(
                "NSCondition.wait(until: deadline)",
                "a task group racing the wait against `clock.sleep(for:)`; the loser is cancelled"),
        ],
        prose: Articles.recipe("wait-for-state"),
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
