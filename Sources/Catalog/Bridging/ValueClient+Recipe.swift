import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let valueClient = Recipe(
        id: "sync-wait-for-callback",
        title: "Blocking a caller until a callback fires",
        chapter: .bridging,
        sources: [
            "Seen in real code: AFNetworking AFNetworking/AFURLSessionManager.m (`dispatch_semaphore` around "
                + "`getTasksWithCompletionHandler:`); swiftlang/swift-package-manager "
                + "Sources/Basics/Concurrency/ConcurrencyHelpers.swift (`unsafe_await`)"
        ],
        file: "Bridging/ValueClient.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore(value: 0): the callback signals, the caller waits",
                "an `async` caller and `withCheckedContinuation`, resumed from the callback"),
            APIMapping(
                "DispatchSemaphore.wait() in a synchronous wrapper of a completion handler",
                "keep the callers async; at a synchronous entry point only, an `@available(*, noasync)` "
                    + "blocking shim with a timeout"),
        ],
        prose: Articles.recipe("sync-wait-for-callback"),
        isBridging: true,
        replaces: [.semaphoreAsSignal, .semaphoreWait, .semaphoreSignal, .semaphore],
        scenarios: [
            Scenario(
                "async caller",
                rules: [.exact],
                legacy: legacySide,
                modern: { context in
                    let client = Modern.ValueClient(
                        service: Modern.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
                    await Modern.ValueClient.demo(client, key: 12, log: context.log)
                }
            ),
            Scenario(
                "noasync blocking shim",
                rules: [.exact],
                legacy: legacySide,
                modern: { context in
                    let client = Modern.ValueClient(
                        service: Modern.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
                    let log = context.log
                    await onOwnThread { Modern.ValueClient.demoBlocking(client, key: 12, log: log) }
                }
            ),
            Scenario(
                "two blocking callers in tasks",
                rules: [.subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        let client = Legacy.ValueClient(
                            service: Legacy.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
                        await withCheckedContinuation { done in
                            Legacy.ValueClient.twoBlockingCallers(client, log: log) { done.resume() }
                        }
                    }),
                modern: .childProcess(
                    .async { pace, log in
                        let client = Modern.ValueClient(
                            service: Modern.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
                        await Modern.ValueClient.twoBlockingCallersInTasks(
                            client, timeout: blockingShimTimeout(pace), log: log)
                    })
            ),
            Scenario(
                "waiting on main for a main-queue callback",
                rules: [.subprocessDemo(legacy: .hangs, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.ValueClient.waitOnMainForMainQueueCallback(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ValueClient.awaitOnMainForMainQueueCallback(log: log)
                    })
            ),
        ]
    )

    /// The legacy caller blocks, so it runs on a thread of its own; the callbacks come on a
    /// queue of their own.
    private static let legacySide: @Sendable (RunContext) async throws -> Void = { context in
        let client = Legacy.ValueClient(
            service: Legacy.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
        let log = context.log
        await onOwnThread { Legacy.ValueClient.demo(client, key: 12, log: log) }
    }
}

/// The shim's timeout in the demonstration: the 5 s a real caller might give it, scaled by the pace
/// and capped at 300 ms, so that the child ends in well under a second at any pace.
func blockingShimTimeout(_ pace: Pace) -> Duration {
    min(pace(.seconds(5)), .milliseconds(300))
}
