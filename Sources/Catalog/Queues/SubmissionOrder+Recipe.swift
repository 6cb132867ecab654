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
        problem:
            "Show how submitting work synchronously or asynchronously orders it against the caller's next statement.",
        changes: [
            "`queue.sync { work }` becomes `await work()`: the next line still runs after the work, but the caller suspends instead of blocking its thread. The work is a `@concurrent` function, so it leaves the caller's actor the way the block left the caller's queue.",
            "`queue.async { work }` becomes `Task { work }`: both return at once, and the two lines race. The *Grand Central Dispatch Tutorial for Swift* is right that \"Second Log\" usually comes first, and right that nothing guarantees it; the ungated scenario is compared as a multiset for that reason.",
            "`Task.immediate { work }` (SE-0472, Swift 6.2) has no GCD counterpart: it runs the body on the caller, before returning, until the body first suspends. Here the body never suspends, so it orders the lines like `sync`.",
            "Async work submitted from the main queue to the main queue, or a `Task {}` created on the main actor, runs after the current code returns, so \"Second Log\" is certain to come first there.",
        ],
        pitfalls: [
            "Don't rely on \"Second Log\" coming first after `async` or `Task {}` on a global queue or the pool: on a busy machine, or when the caller is descheduled, the work can run first. Make the order explicit (await, a gate, a serial queue or an actor) when it matters.",
            "`Task {}` started from the main actor is enqueued on the main actor, not run inline, and not run in parallel: it waits until the main actor is free. Use `Task.immediate` when the work must start before the caller's next line.",
            "`Task.immediate` only runs inline up to the first suspension that actually suspends; after that the caller continues (`SubmissionOrderTests.immediateTaskReturnsAtItsFirstSuspension`).",
            "Never call `sync` from async code: it blocks a cooperative thread. `await` is the replacement.",
        ],
        annotations: [
            "The `log` and `completion` closures are `@escaping @Sendable`: they cross to a global queue's thread.",
            "The block passed to `DispatchGroup.notify` is not `@Sendable` in the API; the recipe is nonisolated code, so passing the `@Sendable` completion is sound.",
        ],
        differences: [
            "`sync` blocks the caller until the whole block has returned; `Task.immediate` gives control back at the body's first suspension, and the rest of the body runs later (`SubmissionOrderTests.immediateTaskReturnsAtItsFirstSuspension`, `SubmissionOrderTests.legacySyncWaitsForTheWholeBlock`)."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `logInTask` would be main-actor-isolated and its task would inherit the main actor, making it behave like `logInMainActorTask`; `nonisolated` keeps the plain `Task {}` on the pool, so the race the recipe shows is real.",
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
