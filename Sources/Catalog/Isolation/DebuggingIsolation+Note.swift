import RecipeKit

extension GuideNote {
    static let debuggingIsolation = GuideNote(
        id: "debugging-isolation",
        title: "Debugging isolation: trap frames, ThreadSanitizer, a one-thread pool",
        chapter: .isolation,
        sources: [
            "*Swift concurrency: Behind the scenes* (WWDC21), \"Cooperative thread pool\" (the `LIBDISPATCH_COOPERATIVE_POOL_STRICT` environment variable)",
            "*Visualize and optimize Swift concurrency* (WWDC22) (the Swift Concurrency template in Instruments)",
        ],
        apis: [
            APIMapping(
                "`dispatchPrecondition(condition: .onQueue(.main))`",
                "`MainActor.assertIsolated()`, `MainActor.preconditionIsolated()`"
            ),
            APIMapping("Instruments' thread views", "Instruments' Swift Concurrency template (Darwin)"),
            APIMapping(
                "a thread that hangs only under load",
                "`LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`: a one-thread pool that hangs at once"
            ),
        ],
        prose: Articles.note("debugging-isolation")
    )
}
