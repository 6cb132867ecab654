import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let progressObservationStream = Recipe(
        id: "progress-observation-stream",
        title: "KVO-style progress and state observation → AsyncStream",
        chapter: .eventSources,
        sources: [
            "Seen in real code: AFNetworking AFNetworking/AFURLSessionManager.m (KVO on NSProgress.fractionCompleted); monal-im/Monal Monal/Classes/xmpp.m (KVO on operationCount); pluralsight/PSOperations URLSessionTaskOperation.swift (KVO on URLSessionTask.state)"
        ],
        file: "EventSources/ProgressJob.swift",
        apis: [
            APIMapping(
                "KVO on Progress.fractionCompleted (an NSKeyValueObservation from progress.observe(\\.fractionCompleted)) wrapped in a progressHandler called on a queue",
                "an `AsyncStream<Double>` the job yields into; the UI runs `for await fraction in progress`"
            ),
            APIMapping(
                "observeValue(forKeyPath:of:change:context:) / NSKeyValueObservation",
                "no KVO on Linux; an `AsyncStream` of the changes, fed by whoever makes them"
            ),
            APIMapping(
                "DispatchQueue.main.async { progressHandler(fraction) }",
                "nothing: the consumer's isolation (a `@MainActor` view model) decides where values are shown"
            ),
        ],
        problem:
            "A long job (an upload, an import) reports its progress to the UI as it goes, and says once that it is done. You have probably met this as KVO on `NSProgress.fractionCompleted` wrapped in a `progressHandler` block (AFNetworking's `AFURLSessionManager`), KVO on an operation queue's `operationCount` (Monal) or on `URLSessionTask.state` (PSOperations).",
        changes: [
            "On Darwin the legacy shape is a KVO observation that calls a handler on the main queue: `observation = progress.observe(\\.fractionCompleted) { progress, _ in DispatchQueue.main.async { handler(progress.fractionCompleted) } }`. KVO does not exist on Linux (corelibs `Progress` takes no observers), so the legacy side here is the callback shape apps wrap KVO in: the job calls `progressHandler` on a queue after each chunk, then `completion` once.",
            "Modern: the job runs in a task and yields `chunk / chunks` into an `AsyncStream<Double>` after each chunk, then finishes the stream; the UI writes `for await fraction in progress { show(fraction) }`, and the line after the loop is \"done\", which therefore runs exactly once, after the last value. A five-chunk job shows `0.2, 0.4, 0.6, 0.8, 1.0`, then `done`, on both sides.",
            "`start` returns the stream and the job's task, so a caller can also await the job or cancel it directly. `onTermination` cancels the job when the consumer stops: a UI whose task is cancelled stops the work, wherever the cancellation lands (`ProgressJobTests.cancellingTheConsumerAtAnyPointEndsTheJob`), and so does leaving the loop when only the consuming task held the stream (`ProgressJobTests.modernLeavingTheLoopCancelsTheJob`).",
            "Back-pressure: the job never waits for the UI. With the default `.unbounded` buffer a slower consumer gets every value, in order, later, like the blocks piling up on the legacy handler queue (`ProgressJobTests.aSlowConsumerGetsEveryValueInOrder`). With `.bufferingNewest(1)` a slower consumer skips stale values and still gets the final `1.0` before the loop ends (`ProgressJobTests.withBufferingNewestASlowConsumerSkipsToTheLatest`): what a progress bar wants when a job has thousands of chunks.",
            "Many jobs at once each report their own values in order (`ProgressJobTests.manyJobsAtOnceEachReportInOrder`).",
        ],
        pitfalls: [
            "The line after the loop runs when the job finished *and* when the consumer was cancelled or the job failed (the stream ends either way), as the legacy `completion` runs after a `progress.cancel()`. Check `Task.isCancelled`, or await the returned job, to tell them apart before showing \"done\".",
            "KVO fires on the thread that changed the value, not on main: that is why apps wrap it in `DispatchQueue.main.async`. A `for await` loop in `@MainActor` code needs no hop.",
            "An `NSKeyValueObservation` stops when it is released; a stream stops when its consumer stops. Keep the consuming task (and cancel it when the screen goes away) as you kept the observation.",
            "Don't finish the stream from the consumer side and expect the job to notice later: cancellation reaches the job only through `onTermination` (or its task), and only at its next suspension point.",
            "Leaving the loop (`break`) terminates the stream only when nothing else holds it. A stream still bound to a local or a property outlives the loop, `onTermination` does not run, and the job works on (`ProgressJobTests.leavingTheLoopWhileTheStreamIsStillHeldDoesNotCancelTheJob`). Cancel the consuming task, or cancel the returned job yourself (see `dispatch-io-read`).",
            "`.bufferingNewest(1)` drops values; never use it where every value counts (a log, a transcript), only where the latest value replaces the earlier ones.",
        ],
        annotations: [
            "`work`, `progressHandler` and `completion` are `@escaping @Sendable`: the job runs on a global queue and the handlers on the handler queue.",
            "`Progress` is `Sendable` (thread-safe by design), so the job's block may capture it and `cancel()` may be called from any thread.",
        ],
        differences: [
            "Cancelling: legacy calls `progress.cancel()`, and the job stops before its next chunk but still calls `completion` (`ProgressJobTests.legacyCancelStopsBeforeTheNextChunk`); modern cancels the consuming task (or leaves the loop when nothing else holds the stream), and `onTermination` cancels the job's task in the middle of a chunk (`ProgressJobTests.modernLeavingTheLoopCancelsTheJob`).",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ProgressJob.start` would be main-actor-isolated and the job's task would inherit the main actor, looping over the chunks there; `nonisolated` keeps the job's task off the main actor, and the `@MainActor` consumer decides where progress is shown.",
        replaces: [.progressObservation, .keyValueObservation],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let chunkTime = context.pace(.milliseconds(200))
                    await withCheckedContinuation { done in
                        Legacy.ProgressJob.showFiveChunks(
                            chunkTime: chunkTime,
                            on: .main,
                            log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.ProgressJob.showFiveChunks(
                        chunkTime: context.pace(.milliseconds(200)), log: context.log)
                }
            )
        ]
    )
}
