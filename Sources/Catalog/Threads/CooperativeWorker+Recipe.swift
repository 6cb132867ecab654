import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let cooperativeThreadExit = Recipe(
        id: "cooperative-thread-exit",
        title: "Exit flag in the thread dictionary, set through the run loop",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Terminating a Thread\" (`threadMainPoint`, `ThreadShouldExitNow`)"
        ],
        file: "Threads/CooperativeWorker.swift",
        apis: [
            APIMapping("Thread(block:) + start()", "`Task {}` with a kept handle"),
            APIMapping("Thread.threadDictionary", "no flag to keep: the task's cancellation is the exit flag"),
            APIMapping(
                "RunLoop.perform; custom run-loop input source (CFRunLoopSource)",
                "`task.cancel()`; `withTaskCancellationHandler` for a hook that runs at once"
            ),
            APIMapping("RunLoop.run(until:)", "not needed: `Task.isCancelled` between chunks"),
            APIMapping("DispatchSemaphore waited on until the thread is done", "`await task.value`"),
        ],
        problem: """
            Ask a long-running worker to stop between chunks of work, and let it clean up, instead \
            of killing it.
            """,
        changes: [
            """
            The exit flag, the thread dictionary and the run-loop request all become task \
            cancellation: `requestExit()` is `task.cancel()`, callable from anywhere, and the loop \
            reads `Task.isCancelled` between chunks where the thread read `ThreadShouldExitNow`.
            """,
            """
            The worker no longer needs a run loop to receive the request, and the controller no \
            longer waits for the worker's run loop to exist before it can ask.
            """,
            """
            Cleanup stays on the body's own path, after the loop, so it happens exactly once \
            whether the worker was asked to stop or ran out of work. `withTaskCancellationHandler`'s \
            `onCancel` only notes the request here.
            """,
            """
            Waiting for the worker is `await task.value` instead of a semaphore the thread signals \
            on its way out.
            """,
        ],
        pitfalls: [
            """
            Cancelling a task reaches only its structured children (`async let`, task groups); a \
            `Task {}` started inside keeps running.
            """,
            """
            Never kill a thread (`Thread.exit()`, `pthread_cancel`): it skips cleanup and leaks \
            whatever the thread held. There is no way to kill a task at all; both stop only where \
            they check.
            """,
            """
            `onCancel` runs at once, on the thread that called `cancel()`, while the body may still \
            be mid-chunk. It must be thread-safe, and it is no place for cleanup that the body's \
            path also does (`CooperativeWorkerTests.cleanupIsRecordedExactlyOnce`).
            """,
            """
            `RunLoop.perform` queues a block; it is not guaranteed to wake a run loop that sleeps \
            in `run(mode:before:)`. This worker never sleeps, because `run(until: Date())` only \
            handles what is pending; a sleeping worker needs an input source, or `CFRunLoopWakeUp` \
            (`import CoreFoundation`).
            """,
        ],
        platformNotes: [
            """
            **Linux**: a block queued with `RunLoop.perform` often waits for the sleeping run \
            loop's next wake-up.
            """,
        ],
        annotations: [
            """
            `CooperativeWorker` is `@unchecked Sendable`: its only mutable state, the worker's run \
            loop, is guarded by an `NSLock`. `RunLoop` is not `Sendable`, but `perform` (a \
            `CFRunLoopPerformBlock`) is safe to call from another thread. The thread dictionary is \
            only ever touched on the worker thread; other threads reach it through the performed block.
            """,
            "The `process` and `log` closures are `@escaping @Sendable`: they run on the worker thread.",
        ],
        differences: [
            """
            Where the request lands: the legacy request is a block that runs later, on the worker \
            thread, when its loop next runs the run loop \
            (`CooperativeWorkerTests.legacyRequestRunsLaterOnTheWorkerThread`); `onCancel` runs \
            during `cancel()`, on the caller's thread, before the worker has noticed \
            (`CooperativeWorkerTests.modernOnCancelRunsAtOnceOnTheCancellingThread`). With the \
            worker paused after chunk 10, both transcripts are the same.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `CooperativeWorker.init` would be main-actor-isolated and its worker task would inherit the main actor, running the chunks there; `nonisolated` keeps the worker's task off the main actor and `requestExit()` callable from anywhere.",
        replaces: [.thread, .threadDictionary, .threadExit, .runLoopRun, .runLoopPerform, .runLoop],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        let reached = DispatchSemaphore(value: 0)
                        let proceed = DispatchSemaphore(value: 0)
                        let worker = Legacy.CooperativeWorker(
                            chunks: 100,
                            process: { chunk in
                                // Pause after chunk 10 until the controller has asked for the exit.
                                if chunk == 10 {
                                    reached.signal()
                                    proceed.wait()
                                }
                            },
                            log: context.log
                        )
                        reached.wait()
                        worker.requestExit()
                        proceed.signal()
                        worker.waitUntilFinished()
                    }
                },
                modern: { context in
                    let reached = AsyncStream.makeStream(of: Void.self)
                    let proceed = Latch()  // a pause that outlasts the cancellation
                    let worker = Modern.CooperativeWorker(
                        chunks: 100,
                        process: { chunk in
                            // Pause after chunk 10 until the controller has asked for the exit.
                            if chunk == 10 {
                                reached.continuation.yield()
                                await proceed.wait()
                            }
                        },
                        log: context.log
                    )
                    for await _ in reached.stream { break }
                    worker.requestExit()
                    proceed.open()
                    await worker.waitUntilFinished()
                }
            ),
            Scenario(
                "no exit request",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.CooperativeWorker(chunks: 100, process: { _ in }, log: context.log)
                            .waitUntilFinished()
                    }
                },
                modern: { context in
                    await Modern.CooperativeWorker(chunks: 100, process: { _ in }, log: context.log)
                        .waitUntilFinished()
                }
            ),
        ]
    )
}
