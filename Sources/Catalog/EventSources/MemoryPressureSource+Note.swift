import RecipeKit

extension GuideNote {
    static let memoryPressureSource = GuideNote(
        id: "memory-pressure-source",
        title: "React to memory pressure",
        chapter: .eventSources,
        sources: [
            "Seen in real code: media and cache code that empties caches and cancels in-flight work on `DispatchSource.makeMemoryPressureSource`"
        ],
        file: "EventSources/MemoryPressureSource.swift",
        apis: [
            APIMapping(
                "`DispatchSource.makeMemoryPressureSource`",
                "the same source feeding an `AsyncStream`, consumed by the cache's owner"
            )
        ],
        prose: Articles.note("memory-pressure-source"),
        isBridging: true
    )
}
