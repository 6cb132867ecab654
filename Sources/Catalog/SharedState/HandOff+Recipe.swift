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
        prose: Articles.recipe("condition-lock-alternation"),
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
