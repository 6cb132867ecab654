import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let pausableWorkQueue = Recipe(
        id: "pausable-work-queue",
        title: "Suspend and resume a queue of jobs",
        chapter: .operations,
        sources: [
            "Seen in real code: SDWebImage SDWebImage/SDWebImageDownloader.m (`setSuspended:`); CocoaAsyncSocket (dispatch source suspend/resume)"
        ],
        file: "Operations/PausableQueue.swift",
        apis: [
            APIMapping(
                "OperationQueue.isSuspended",
                "`pause()`/`resume()` commands in an `AsyncStream` that one worker task reads, in the order they were made"),
            APIMapping(
                "maxConcurrentOperationCount = 1",
                "the worker runs one job at a time, FIFO, in a child task"),
            APIMapping("Operation.cancel on a pending operation", "`cancel(ticket)`: the worker takes the job out of its list"),
        ],
        prose: Articles.recipe("pausable-work-queue"),
        replaces: [.operationQueue, .maxConcurrentOperationCount, .queueSuspend, .operationQueueSuspended],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    await onOwnThread { Legacy.PausableQueue.runDemo(interval: interval, log: context.log) }
                },
                modern: { context in
                    await Modern.PausableQueue.runDemo(interval: context.pace(.seconds(1)), log: context.log)
                }
            )
        ]
    )
}
