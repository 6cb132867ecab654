import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let conditionLockAlternation = Recipe(
        id: "condition-lock-alternation",
        title: "`NSConditionLock` producer/consumer hand-off",
        chapter: .sharedState,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its list of other lock classes (`NSConditionLock`, named only; the example is this recipe's)"],
        file: "SharedState/HandOff.swift",
        apis: [
            APIMapping("NSConditionLock lock(whenCondition:)", "`await` the next element of a stream"),
            APIMapping("NSConditionLock unlock(withCondition:)", "`continuation.yield(_:)` to the other side"),
        ],
        problem: """
            A producer and a consumer must strictly alternate through a one-item slot: \
            `P0 C0 P1 C1 P2 C2 P3 C3 P4 C4`.
            """,
        changes: [
            """
            The condition lock's two conditions (empty, full) become two streams: items go from \
            the producer to the consumer, and an acknowledgement comes back. The producer awaits \
            the acknowledgement where it blocked in `lock(whenCondition: empty)`, and the \
            consumer's `for await` is its `lock(whenCondition: full)`.
            """,
            """
            Both sides print exactly `P0 C0 P1 C1 P2 C2 P3 C3 P4 C4` \
            (`HandOffTests.bothSidesAlternateStrictly`), for any number of rounds.
            """,
            """
            The two threads, each blocked most of the time, become two child tasks that suspend: \
            no thread is held while a side waits for its turn. Finishing the item stream ends the \
            consumer, where the legacy consumer had to know the number of rounds.
            """,
        ],
        pitfalls: [
            """
            `lock(whenCondition:)` blocks its thread (and is unavailable from async code). Never \
            call it on a cooperative thread: two such waits can hold the whole pool.
            """,
            """
            An `AsyncStream` buffers without limit by default. Here the acknowledgement keeps at \
            most one item in flight; a producer that does not wait for it would run ahead, and \
            the alternation would be gone.
            """,
            """
            Always unlock with the condition the other side waits for: an \
            `unlock(withCondition:)` with a value no one waits on leaves both sides blocked.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `lock(whenCondition:)` traps (SIGILL) as soon as it has to wait: it waits \
            until `Date.distantFuture`, and corelibs Foundation converts that date to nanoseconds \
            in an `Int64`, which overflows. The legacy side therefore waits with \
            `lock(whenCondition:before:)` and a finite deadline, in a loop.
            """,
        ],
        annotations: [
            "`HandOff` is `@unchecked Sendable`: `slot` is read and written only while holding `turn`.",
            "The log closure is `@escaping @Sendable`: both threads call it.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `produce` and `consume` would be main-actor-isolated, so both child tasks would take turns on the main actor; `nonisolated` keeps each one on the child task that runs it.",
        replaces: [.conditionLock, .thread],
        scenarios: [
            Scenario(
                "five rounds",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.HandOff.run(rounds: 5, log: log) }
                },
                modern: { context in
                    await Modern.HandOff.run(rounds: 5, log: context.log)
                }
            )
        ]
    )
}
