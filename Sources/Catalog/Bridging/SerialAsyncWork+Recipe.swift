import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let serializeAsyncWork = Recipe(
        id: "serialize-async-work",
        title: "One asynchronous job at a time, in submission order",
        chapter: .bridging,
        sources: [
            "Seen in real code: braintree/braintree_ios BraintreeCore/BTAPIClient.m (a serial queue parked on a semaphore until each callback)"
        ],
        file: "Bridging/SerialAsyncWork.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:) whose block waits on DispatchSemaphore(value: 0) until the callback",
                "a task chain: each job's `Task` awaits the previous one (`Mutex` around the last task)"),
            APIMapping("DispatchQueue.main.async for each completion", "`await` the job from `@MainActor` code"),
        ],
        prose: Articles.recipe("serialize-async-work"),
        replaces: [.semaphore, .semaphoreSignal, .dispatchQueueLabel],
        scenarios: [
            Scenario(
                rules: [
                    .perSourceOrder(["fetch ", "shown "]),
                    .invariant(["maxInFlight"]),
                ],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    let most = await withCheckedContinuation { done in
                        Legacy.SerialAsyncWork.runThreeFetches(
                            latency: context.pace(.seconds(2)),
                            log: context.log,
                            show: { sink.showFromMainQueue($0) }
                        ) { done.resume(returning: $0) }
                    }
                    context.record("maxInFlight", most)
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let most = await Modern.SerialAsyncWork.runThreeFetches(
                        latency: context.pace(.seconds(2)),
                        log: context.log,
                        show: { sink.show($0) }
                    )
                    context.record("maxInFlight", most)
                }
            )
        ]
    )
}
