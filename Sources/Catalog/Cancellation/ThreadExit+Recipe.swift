import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threadExit = Recipe(
        id: "thread-exit",
        title: "Cancel a sleeping thread loop without the extra iteration",
        chapter: .cancellation,
        sources: [
            "*iOS Programming Cookbook*, §7.17 \"Exiting Threads and Timers\" (`threadEntryPoint`, `stopThread`, the fixed loop)"
        ],
        file: "Cancellation/ThreadExit.swift",
        apis: [
            APIMapping("Thread.cancel()", "`task.cancel()`"),
            APIMapping("Thread.current.isCancelled", "`Task.isCancelled`; the `CancellationError` that `Task.sleep` throws"),
            APIMapping("Thread.sleep(forTimeInterval:)", "`try await Task.sleep(for:)` (throws at once when cancelled)"),
            APIMapping("Thread(block:) + start()", "`Task {}` with a kept handle"),
            APIMapping(
                "perform(_:with:afterDelay:) (performSelector:withObject:afterDelay:)",
                "`Task.sleep(for:)`, then the call (see `delayed-task`)"
            ),
            APIMapping("Thread.exit()", "no direct equivalent: no forced kill, return from the task"),
        ],
        prose: Articles.recipe("thread-exit"),
        replaces: [.thread, .threadCancel, .threadSleep, .threadExit, .performAfterDelay],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.ThreadExit.run(loopSleep: context.pace(.seconds(4)), log: context.log)
                    }
                },
                modern: { context in
                    await Modern.ThreadExit.run(loopSleep: context.pace(.seconds(4)), log: context.log)
                }
            ),
            Scenario(
                "first version, unfixed",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.ThreadExit.run(
                            loopSleep: context.pace(.seconds(4)), checksAfterSleep: false, log: context.log)
                    }
                },
                modern: { context in
                    await Modern.ThreadExit.run(
                        loopSleep: context.pace(.seconds(4)), swallowsCancellation: true, log: context.log)
                }
            ),
        ]
    )
}
