import RecipeKit

extension GuideNote {
    static let cocoaMultithreadedMode = GuideNote(
        id: "cocoa-multithreaded-mode",
        title: "Making Cocoa aware of POSIX threads",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Using POSIX Threads in a Cocoa Application\" › \"Protecting the Cocoa Frameworks\""
        ],
        apis: [
            APIMapping(
                "`Thread.isMultiThreaded()` and a throw-away `NSThread` before `pthread_create`",
                "nothing in Swift concurrency; move the pthreads to `Thread` or tasks"
            )
        ],
        prose: Articles.note("cocoa-multithreaded-mode")
    )
}
