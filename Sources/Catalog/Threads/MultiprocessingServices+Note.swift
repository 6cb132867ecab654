import RecipeKit

extension GuideNote {
    static let multiprocessingServices = GuideNote(
        id: "multiprocessing-services",
        title: "Multiprocessing Services",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating a Thread\" › \"Using Other Threading Technologies\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its list of three thread technologies (Cocoa threads, POSIX threads, Multiprocessing Services)",
        ],
        apis: [
            APIMapping("`MPCreateTask`, `MPCreateQueue`", "POSIX threads, then tasks")
        ],
        legacy: """
            Multiprocessing Services (`MPCreateTask`, `MPCreateQueue`, `MPWaitOnQueue`) was the \
            threading API of classic Mac OS, kept for Carbon apps on Mac OS X and implemented there \
            on top of POSIX threads. It was never available on iOS, and the *Threading Programming \
            Guide* mentions it only to say that existing code should move to POSIX threads.
            """,
        nothingToRun: """
            The API is Apple-only, long deprecated and absent from current SDKs; nothing on Linux \
            or in Swift concurrency resembles it, so there is nothing to compare.
            """,
        instead: [
            """
            Port a task that runs a loop to a `Thread` or a POSIX thread first if you must keep the \
            thread (`pthread-joinable-result`), then to a task (`thread-spawn-basics`); port an \
            `MPQueue` of messages to an `AsyncStream` (`message-passing-confinement`).
            """
        ]
    )
}
