import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let confinedObjectHandoff = Recipe(
        id: "confined-object-handoff",
        title: "Hand a thread-confined object to a worker safely",
        chapter: .sharedState,
        sources: ["Seen in real code: Realm's threading docs (`ThreadSafeReference`)"],
        file: "SharedState/NoteEditor.swift",
        apis: [
            APIMapping(
                "ThreadSafeReference: pass a token, resolve it on the worker's queue",
                "pass the object itself as a `sending` value to an actor, and take it back"),
            APIMapping(
                "a thread-confined object, used only where it was made (crosses as a ThreadSafeReference)",
                "a non-`Sendable` class: the compiler tracks which isolation region holds it"),
        ],
        prose: Articles.recipe("confined-object-handoff"),
        replaces: [.threadSafeReference],
        scenarios: [
            Scenario(
                "hand off, edit, report back",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.NoteEditor.demo(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.NoteEditor.demo(log: context.log)
                }
            )
        ]
    )
}
