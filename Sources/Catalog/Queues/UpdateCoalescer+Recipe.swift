import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let coalesceNextTurn = Recipe(
        id: "coalesce-next-turn",
        title: "Many \"needs update\" requests, one flush",
        chapter: .queues,
        sources: [
            "Seen in real code: Instagram/IGListKit Source/IGListKit/Internal/IGListUpdateCoalescer.m"
        ],
        file: "Queues/UpdateCoalescer.swift",
        apis: [
            APIMapping(
                "dirty flag + one DispatchQueue.main.async flush per main-queue turn",
                "a `@MainActor` flag + one `Task { @MainActor in … }` flush"
            ),
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(.main)) in setNeedsUpdate",
                "`@MainActor` on the type: the compiler checks what the precondition checked at run time"
            ),
        ],
        prose: Articles.recipe("coalesce-next-turn"),
        replaces: [.setNeedsUpdate],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.UpdateCoalescer.fiveThenOne(log: context.log) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    await Modern.UpdateCoalescer.fiveThenOne(log: context.log)
                }
            )
        ]
    )
}
