import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let runLoopWorkerThread = Recipe(
        id: "run-loop-worker-thread",
        title: "A thread with a run loop serving posted requests",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Writing Your Thread Entry Routine\" › \"Setting Up a Run Loop\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its run loop notes (a secondary thread's run loop needs an input source) and the `performSelector:onThread:withObject:waitUntilDone:` comment in its `NSThread` download example",
        ],
        file: "Threads/RunLoopWorker.swift",
        apis: [
            APIMapping(
                "RunLoop.current.run(mode:before:) on a worker Thread kept alive by a Timer",
                "a task consuming an `AsyncStream` of requests (`for await`)"
            ),
            APIMapping(
                "performSelector(_:on:with:waitUntilDone: false) → CFRunLoopPerformBlock + CFRunLoopWakeUp",
                "`continuation.yield(request)`"
            ),
            APIMapping(
                "performSelector(_:on:with:waitUntilDone: true) → perform + DispatchSemaphore",
                "`await` a continuation the request resumes"
            ),
            APIMapping(
                "CFRunLoopStop + an exit flag set by a posted block",
                "`continuation.finish()`, then `await task.value`"
            ),
            APIMapping(
                "CFRunLoopAddSource on a hosting thread; the callback runs there",
                "no direct equivalent: the same hosting thread, its callback feeding an `AsyncStream`"
            ),
        ],
        prose: Articles.recipe("run-loop-worker-thread"),
        isBridging: true,
        replaces: [.runLoopRun, .runLoopAdd, .runLoopSource, .runLoop, .timer, .thread, .semaphore],
        scenarios: [
            Scenario(
                "requests",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.RunLoopWorker.serveRequests(count: 5, log: log) }
                },
                modern: { context in
                    await Modern.RunLoopWorker.serveRequests(count: 5, log: context.log)
                }
            ),
            Scenario(
                "hosted source",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let tap = FakeEventTap()
                    await onOwnThread {
                        Legacy.RunLoopWorker.hostSource(
                            events: Self.tapEvents, makeSource: tap.makeRunLoopSource, post: tap.post, log: log)
                    }
                },
                modern: { context in
                    let tap = FakeEventTap()
                    await Modern.RunLoopWorker.hostSource(
                        events: Self.tapEvents, makeSource: tap.makeRunLoopSource, post: tap.post, log: context.log)
                }
            ),
        ]
    )

    /// What the fake event tap delivers.
    static let tapEvents = ["key down: a", "key up: a", "mouse moved: (3, 4)"]
}
