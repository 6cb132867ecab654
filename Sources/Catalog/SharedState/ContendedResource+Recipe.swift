import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let priorityInversionDemo = Recipe(
        id: "priority-inversion-demo",
        title: "A low-priority lock holder delays a high-priority waiter",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its definition of priority inversion",
            "*Threading Programming Guide*, \"Thread Management\" › \"Setting the Thread Priority\"",
        ],
        file: "SharedState/ContendedResource.swift",
        apis: [
            APIMapping(
                "NSLock shared by a .background and a .userInteractive queue",
                "an actor: `Task(priority: .background)` in a long method, `Task(priority: .high)` awaiting it"
            ),
            APIMapping(
                "DispatchQueue(label:qos: .background)",
                "`Task(priority:)`; priorities are hints, and escalation needs a waiter the runtime can see"),
        ],
        prose: Articles.recipe("priority-inversion-demo"),
        replaces: [.backgroundQueue],
        scenarios: [
            Scenario(
                rules: [
                    .partialOrder([
                        OrderConstraint(.line("low acquired"), before: .line("high waiting")),
                        OrderConstraint(.line("high waiting"), before: .line("low released")),
                        OrderConstraint(.line("low released"), before: .line("high acquired")),
                    ]),
                    // The gate fixes the whole order, so the transcripts are equal line for line.
                    .exact,
                ],
                legacy: { context in
                    await onOwnThread { Legacy.ContendedResource.demonstrate(log: context.log) }
                },
                modern: { context in
                    await Modern.ContendedResource.demonstrate(log: context.log)
                }
            )
        ]
    )
}
