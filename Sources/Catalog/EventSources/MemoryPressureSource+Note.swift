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
        legacy: """
            A memory-pressure source fires when the system runs low on memory, with `.warning` \
            or `.critical` in its `data`. Caches and media pipelines listen to it to drop what \
            they can rebuild and to cancel work that would allocate more, before the system \
            starts terminating apps.
            """,
        nothingToRun: """
            The source is Apple-only: Linux's Dispatch has no `makeMemoryPressureSource` (it does \
            not compile here), and Swift concurrency has no memory API of its own. Both files of \
            this note are behind `#if canImport(Darwin)`.
            """,
        instead: [
            """
            Keep the source and hand its events to an `AsyncStream`, as `dispatch-source-signal` \
            does for signals; the stream's `onTermination` cancels the source. The owner of the \
            caches consumes the stream in one task, empties the caches and cancels its in-flight \
            tasks there, so the reaction runs in one place with the state it touches.
            """,
            """
            Buffer only the newest event (`.bufferingNewest(1)`): under pressure, a backlog of \
            old warnings is the last thing to allocate.
            """,
        ],
        isBridging: true
    )
}
