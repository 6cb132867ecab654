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
        prose: Articles.recipe("cooperative-thread-exit"),
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
