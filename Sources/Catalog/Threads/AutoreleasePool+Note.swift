import RecipeKit

extension GuideNote {
    static let autoreleasePool = GuideNote(
        id: "autorelease-pool",
        title: "Autorelease pools in thread entry points",
        chapter: .threads,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\", §7.11 \"Running Tasks Synchronously with Operations\", §7.15 \"Creating Concurrency with Threads\" (`__NSAutoreleaseNoPool(): … just leaking`) and §7.16 \"Invoking Background Methods\"",
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating an Autorelease Pool\"",
        ],
        file: "Threads/AutoreleasePool.swift",
        apis: [
            APIMapping(
                "`NSAutoreleasePool` in a thread entry point",
                "nothing under ARC; `autoreleasepool {}` around each pass of a long loop, on Apple platforms"
            ),
            APIMapping(
                "`autoreleasepool {}` in an operation's `main` or a thread's loop",
                "`autoreleasepool {}` around the synchronous part of each pass, never across an `await`"
            ),
        ],
        prose: Articles.note("autorelease-pool")
    )
}
