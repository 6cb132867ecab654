import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let runLoopExecutor = Recipe(
        id: "run-loop-executor",
        title: "A C library on one run-loop thread, behind a custom executor",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Run Loops\" › \"Configuring Run Loop Sources\" and \"Thread Management\" › \"Setting Up a Run Loop\"",
            "SE-0392 \"Custom Actor Executors\" (`SerialExecutor`, `unownedExecutor`, `ExecutorJob.runSynchronously(on:)`)",
            "Seen in real code: apple/swift-nio, `NIOSerialExecutor` (an event loop as an actor's executor)",
        ],
        file: "Threads/RunLoopExecutor.swift",
        apis: [
            APIMapping(
                "a dedicated Thread whose run loop runs every call into a thread-bound C library",
                "an actor whose `unownedExecutor` is a `SerialExecutor` on that thread"
            ),
            APIMapping(
                "perform(_:on:with:waitUntilDone:) → CFRunLoopPerformBlock + CFRunLoopWakeUp for each call",
                "`enqueue(_ job: consuming ExecutorJob)` posting `job.runSynchronously(on:)` the same way"
            ),
            APIMapping(
                "waitUntilDone: true → a DispatchSemaphore the caller blocks on",
                "`try await library.call { … }`: the caller suspends"
            ),
            APIMapping(
                "CFRunLoopSourceCreate as a keep-alive source, CFRunLoopStop from a posted block",
                "the same thread inside the executor; `await close()` waits for its end"
            ),
        ],
        prose: Articles.recipe("run-loop-executor"),
        isBridging: true,
        replaces: [.performOnThread, .thread, .semaphore, .runLoopPerform, .runLoopSource, .runLoopRun],
        scenarios: [
            Scenario(
                "1,000 calls from 8 callers",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread {
                        Legacy.RunLoopExecutor.serveCallers(callers: 8, callsEach: 125, log: log)
                    }
                },
                modern: { context in
                    await Modern.RunLoopExecutor.serveCallers(callers: 8, callsEach: 125, log: context.log)
                }
            )
        ]
    )
}
