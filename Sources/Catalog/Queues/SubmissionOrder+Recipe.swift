import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let syncVsAsyncOrder = Recipe(
        id: "sync-vs-async-order",
        title: "\"First Log\" / \"Second Log\": what sync and async mean for the next line",
        chapter: .queues,
        sources: [
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"A Visual Review of Queueing\""
        ],
        file: "Queues/SubmissionOrder.swift",
        apis: [
            APIMapping(
                "DispatchQueue.sync", "`await` (the caller suspends, not blocks); `Task.immediate` to start inline"),
            APIMapping("DispatchQueue.async", "`Task {}`"),
            APIMapping("DispatchQueue.main.async from main-queue code", "`Task {}` created on the main actor"),
            APIMapping("DispatchQueue.global(qos:)", "a `@concurrent` function; `Task(priority:)`"),
            APIMapping("DispatchGroup.notify(queue:)", "`await task.value`"),
        ],
        prose: Articles.recipe("sync-vs-async-order"),
        replaces: [.queueSync, .queueAsync, .mainAsync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.SubmissionOrder.logSync(log: context.log) }
                },
                modern: { context in
                    await Modern.SubmissionOrder.logAwaiting(log: context.log)
                }
            ),
            Scenario(
                "async, gated",
                rules: [.exact],
                legacy: { context in
                    // A suspended queue holds the block back; the gate opens after "Second Log".
                    let queue = DispatchQueue(label: "sync-vs-async-order.gate", target: .global(qos: .userInteractive))
                    queue.suspend()
                    await withCheckedContinuation { done in
                        Legacy.SubmissionOrder.logAsync(on: queue, log: context.log) { done.resume() }
                        queue.resume()
                    }
                },
                modern: { context in
                    // The task waits for a signal sent after "Second Log".
                    let gate = AsyncStream.makeStream(of: Void.self)
                    let task = Modern.SubmissionOrder.logInTask(log: context.log) {
                        for await _ in gate.stream { break }
                    }
                    gate.continuation.yield()
                    await task.value
                }
            ),
            Scenario(
                "async",
                rules: [.multiset],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.SubmissionOrder.logAsync(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.SubmissionOrder.logInTask(log: context.log).value
                }
            ),
            Scenario(
                "async on main, from main",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.SubmissionOrder.logAsyncOnMain(log: context.log) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    await Modern.SubmissionOrder.logInMainActorTask(log: context.log).value
                }
            ),
            Scenario(
                "Task.immediate",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.SubmissionOrder.logSync(log: context.log) }
                },
                modern: { context in
                    await Modern.SubmissionOrder.logInImmediateTask(log: context.log).value
                }
            ),
        ]
    )
}
