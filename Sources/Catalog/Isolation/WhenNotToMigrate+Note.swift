import RecipeKit

extension GuideNote {
    static let whenNotToMigrate = GuideNote(
        id: "when-not-to-migrate",
        title: "When not to migrate",
        chapter: .isolation,
        sources: [
            "Seen in real code: maintainers of open-source apps and libraries declining audits that say \"replace every `asyncAfter`\" (animation delays, Dispatch sources at C boundaries, synchronous public APIs, real-time threads)"
        ],
        apis: [
            APIMapping(
                "`asyncAfter` for an animation or UI delay",
                "keep it; `Task.sleep` where the delay must be cancelled or awaited"
            ),
            APIMapping(
                "a `DispatchSource` at a kernel or C boundary",
                "keep the source; hand its events to async code through an `AsyncStream`"
            ),
            APIMapping("a library's synchronous public API", "keep it; add `async` overloads beside it"),
            APIMapping("a real-time or blocking thread", "keep the thread; await its end through a continuation"),
        ],
        prose: Articles.note("when-not-to-migrate")
    )
}
