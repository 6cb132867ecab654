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
        prose: Articles.recipe("progress-observation-stream"),
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
