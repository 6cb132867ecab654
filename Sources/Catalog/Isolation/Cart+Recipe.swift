import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let observeStateChanges = Recipe(
        id: "observe-state-changes",
        title: "Observing state with its initial value: didSet and KVO → @Observable and Observations",
        chapter: .isolation,
        sources: [
            "*SE-0395: Observability* (`@Observable`, `withObservationTracking`)",
            "*SE-0475: Transactional Observation of Values* (`Observations`, Swift 6.2)",
            "*Key-Value Observing Programming Guide* (Apple), \"Registering for Key-Value Observing\" (`NSKeyValueObservingOptionInitial`)",
        ],
        file: "Isolation/Cart.swift",
        apis: [
            APIMapping(
                "a didSet that calls an observer list (or posts via NotificationCenter.default.post); observe(\\.count, options: [.initial, .new]) with NSKeyValueObservation",
                "`@Observable` and `for await value in Observations { model.count }`: the value now, then after changes, coalesced"),
            APIMapping(
                "an ObservableObject with @Published var count, or a CurrentValueSubject, observed with sink",
                "`@Observable` (iOS 17); `Observations` (iOS 26) outside SwiftUI"),
            APIMapping(
                "removeObserver(token), or releasing the NSKeyValueObservation",
                "end the `for await` loop: cancel its task, or `break`"),
        ],
        prose: Articles.recipe("observe-state-changes"),
        replaces: [.published, .observableObject, .currentValueSubject, .keyValueObservation],
        scenarios: [
            Scenario(
                "one change at a time",
                rules: [.exact],
                legacy: { context in
                    _ = Legacy.Cart.oneChangeAtATime(log: context.log)
                },
                modern: { context in
                    _ = await Modern.Cart.oneChangeAtATime(log: context.log)
                }
            ),
            Scenario(
                "three changes in a row",
                rules: [.invariant(["first value seen", "last value seen"])],
                fixedOrder: true,
                legacy: { context in
                    let seen = Legacy.Cart.threeChangesInARow(log: context.log)
                    context.record("first value seen", seen.first ?? -1)
                    context.record("last value seen", seen.last ?? -1)
                },
                modern: { context in
                    let seen = await Modern.Cart.threeChangesInARow(log: context.log)
                    context.record("first value seen", seen.first ?? -1)
                    context.record("last value seen", seen.last ?? -1)
                }
            ),
        ]
    )
}
