import RecipeKit

extension GuideNote {
    static let concurrencyConcepts = GuideNote(
        id: "concurrency-concepts",
        title: "Vocabulary and the big mapping",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\"",
            "*Threading Programming Guide*, \"Thread Management\" (its opening paragraphs)",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Getting Started\" and its GCD terminology (serial and concurrent, sync and async, critical section, race condition, deadlock, thread safety, context switch, concurrency and parallelism)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its Instruments tip and its notes on the kinds of dispatch queue and on operation queues",
        ],
        apis: [
            APIMapping("`DispatchQueue.main`", "`@MainActor`"),
            APIMapping("`DispatchQueue.global()`", "the global executor: `@concurrent` functions, task groups"),
            APIMapping("a private serial `DispatchQueue`", "an actor; an `AsyncStream` consumer"),
            APIMapping("`Operation`, `OperationQueue`", "`async` functions, structured child tasks"),
            APIMapping("`Thread`", "a task (not a thread: see below)"),
        ],
        prose: Articles.note("concurrency-concepts")
    )
}
