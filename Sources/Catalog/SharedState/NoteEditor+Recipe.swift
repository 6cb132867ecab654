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
        problem: """
            An object may be used only on the thread (or queue) that made it, yet a worker \
            must change it in the background and the owner must see the change. The legacy \
            answer passes a token instead of the object: the worker resolves it into its own \
            object, edits, and reports back. You have probably met this in Realm, whose \
            threading docs hand objects across threads as a `ThreadSafeReference`; the code \
            here is written fresh.
            """,
        changes: [
            """
            The token, the resolving and the lock-protected storage behind the objects go: the \
            note is a plain non-`Sendable` class, handed to the worker actor as a `sending` \
            value and returned as `sending Note`. The owner sees the worker's change \
            (`NoteEditorTests.theOwnerSeesTheWorkersChange`).
            """,
            """
            "Use it only on one thread at a time" stops being a convention: using the note \
            after sending it is a compile error. Written as `let edited = await \
            NoteEditor().editInBackground(note, …)` followed by `print(note.title)`, Swift 6.3 \
            says: `error: sending 'note' risks causing data races` with the notes "'note' used \
            after being passed as a 'sending' parameter; Later uses could race" and "access can \
            happen concurrently". Passing it to an actor method whose parameter is not \
            `sending` is rejected the same way ("sending 'note' to actor-isolated instance \
            method … risks causing data races between actor-isolated and local nonisolated \
            uses").
            """,
            """
            The other modern form passes an ID, as the legacy code does, to an actor that owns \
            the objects, and the worker asks that actor to make the change \
            (`isolation-queue-per-object`, `message-passing-confinement`). Choose it when the \
            owner keeps the object in its own state: an actor's stored object can't be sent \
            away.
            """,
        ],
        pitfalls: [
            """
            Legacy: nothing checks the confinement. Reading the owner's `note` inside the \
            worker's block, through `self` (which is `@unchecked Sendable`), compiles, and then \
            two threads touch one object. The token is the discipline; the compiler can't \
            enforce it.
            """,
            """
            The legacy worker edits a different object (its own view of the storage), so the \
            owner's object sees the change only because both read the same locked storage; \
            the modern worker edits the very object the owner gets back \
            (`NoteEditorTests.modernHandsOverTheObjectLegacyResolvesAnother`).
            """,
            """
            `sending` works for a value in a disconnected region: a fresh object, or one the \
            owner holds only in local variables. An object stored in an actor's property is \
            part of that actor's region and can't be sent; pass an ID to the owning actor \
            instead.
            """,
        ],
        annotations: [
            """
            `NoteStorage` is `@unchecked Sendable` (its dictionary is touched only under an \
            `NSLock`); `NoteEditor` is `@unchecked Sendable` (its `note` is touched only on \
            `ownerQueue`). The token `ThreadSafeReference` is `Sendable` as it stands: an `Int` \
            and the storage. `Note` stays non-`Sendable` on both sides.
            """
        ],
        differences: [
            """
            Under load both hold: 200 notes handed off at once, each edited once by the \
            worker, and each owner sees exactly its own edit \
            (`NoteEditorTests.everyOwnerSeesItsOwnEditUnderLoad`). The modern worker is one \
            actor: it runs one edit at a time, and no lock is needed because no object is \
            ever shared.
            """,
            """
            The modern worker gets the owner's object itself; the legacy worker resolves a \
            second object over the same storage \
            (`NoteEditorTests.modernHandsOverTheObjectLegacyResolvesAnother`).
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Note` would be main-actor-isolated, so `NoteWorker` could not read or change its `title` even after receiving it as `sending`; `nonisolated` on `Note` and `NoteEditor` lets the note move between isolation regions as the recipe shows.",
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
