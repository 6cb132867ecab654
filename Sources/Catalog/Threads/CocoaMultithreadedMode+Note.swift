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
                "nothing: the frameworks are always in multithreaded mode"
            )
        ],
        legacy: """
            Early Cocoa took its internal locks only once the app had started its first `NSThread`, \
            to spare single-threaded apps the cost. A thread made with `pthread_create` went \
            unnoticed, and Cocoa's shared structures could then be corrupted. The remedy was to \
            detach one `NSThread` that exits at once, before any POSIX thread, and to check \
            `NSThread.isMultiThreaded()`.
            """,
        nothingToRun: """
            The dance has been unnecessary for a long time, and there is nothing for it to do here: \
            on Linux, swift-corelibs-foundation's `Thread.isMultiThreaded()` already returns `true` \
            when the program starts (checked with Swift 6.3.1), before any thread is created. Swift \
            concurrency has no counterpart, because the runtime's thread pool exists from the start.
            """,
        instead: [
            """
            Delete the throw-away thread and the `isMultiThreaded()` check. If the code still starts \
            POSIX threads, see `pthread-launch-detached` and `pthread-joinable-result` for what \
            replaces them.
            """
        ]
    )
}
