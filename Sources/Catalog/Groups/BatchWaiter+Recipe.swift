import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchGroupWait = Recipe(
        id: "dispatch-group-wait",
        title: "Wait for a batch, with a timeout, off the main thread",
        chapter: .groups,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its quotation of the GCD tutorial's Part 2 `downloadPhotosWithCompletion` (the `dispatch_group_wait` version)"],
        file: "Groups/BatchWaiter.swift",
        apis: [
            APIMapping(
                "DispatchGroup.wait(timeout:)",
                "`await` the task group; a timeout is a race with `Task.sleep` (`withTimeout`)"),
            APIMapping("DispatchGroup enter/leave", "task-group child"),
            APIMapping(
                "DispatchQueue.global(qos:)",
                "not needed: an `await` suspends without blocking, so the caller can stay on its actor"),
        ],
        problem: "Wait until a batch of loads has finished, or a timeout has passed, without freezing the UI.",
        changes: [
            "`group.wait(timeout:)` blocks a thread, so the classic version runs the whole batch on a global queue and hops back to the main queue to report. `await` suspends instead: the caller can be the main actor, and there is no hop back.",
            "The timeout is no longer a parameter of the wait. `withTimeout` races the task group against a sleep and throws `TimeoutError` when the sleep wins; `.success` / `.timedOut` become a returned value / a thrown error.",
            "When the time is up, `withTimeout` cancels the batch, so loads still running are told to stop. The legacy wait only stops waiting: the loads it gave up on keep going, and their completions still arrive later.",
            "Counting the loads that succeeded needs a lock-protected counter on the legacy side (completions arrive on any thread); the task group returns each child's result to one place, so the modern side just reduces them.",
        ],
        pitfalls: [
            "Never call `wait()` on the main thread: it freezes the UI, and it deadlocks if any of the work needs the main queue to finish.",
            "Never call `group.wait()` (or `semaphore.wait()`) inside async code either. It blocks one of the few cooperative threads, and the compiler does not flag it (see `semaphore-in-async-starvation`).",
            "A task group always waits for all of its children, even after a timeout. A load that ignores cancellation keeps `withTimeout` from returning until it finishes, so every child must be cancellation-aware.",
            "`DISPATCH_TIME_FOREVER`, as in the classic version, means one load that never calls back hangs the batch for good; give the wait a timeout.",
        ],
        annotations: [
            "`load`'s completion and `completion` are `@escaping @Sendable`: the first runs wherever the loader likes, the second on the main queue.",
            "`LoadTally` is `@unchecked Sendable`, and its counter is only touched while holding its `NSLock`.",
        ],
        differences: [
            "On a timeout the modern side cancels the loads it gave up on; the legacy side leaves them running, and their completions still arrive after the report (`BatchWaiterTests.modernCancelsTheStragglerOnTimeout`, `BatchWaiterTests.legacyLeavesTheStragglerRunning`)."
        ],
        modernNeeds: ["Timers/WithTimeout.swift"],
        appTargetNote: "In an app target with default `MainActor` isolation, `BatchWaiter.loadAll` and the `withTimeout` it calls would be main-actor-isolated, so the waiting and counting would happen on the main actor; `nonisolated` keeps them on the caller's executor.",
        replaces: [.groupWait, .dispatchGroup, .groupEnter, .groupLeave, .globalQueue],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await runLegacyBatch(context, loading: BatchWaiterFixture.urls)
                },
                modern: { context in
                    try await runModernBatch(context, loading: BatchWaiterFixture.urls)
                }
            ),
            Scenario(
                "one load fails",
                rules: [.exact],
                legacy: { context in
                    await runLegacyBatch(
                        context, loading: BatchWaiterFixture.urls, failing: [BatchWaiterFixture.urls[1]]
                    )
                },
                modern: { context in
                    try await runModernBatch(
                        context, loading: BatchWaiterFixture.urls, failing: [BatchWaiterFixture.urls[1]]
                    )
                }
            ),
            Scenario(
                "one load never completes",
                rules: [.exact],
                legacy: { context in
                    await runLegacyBatch(
                        context, loading: BatchWaiterFixture.urls, hanging: BatchWaiterFixture.urls[2]
                    )
                },
                modern: { context in
                    try await runModernBatch(
                        context, loading: BatchWaiterFixture.urls, hanging: BatchWaiterFixture.urls[2]
                    )
                }
            ),
        ]
    )
}

/// The three classic photo addresses, on a fake host, and their data.
enum BatchWaiterFixture {
    static let urls = ["OverlyAttachedGirlfriend", "SuccessKid", "LotsOfFaces"].map {
        URL(string: "https://example.com/\($0).jpg")!
    }

    static func loader(_ context: RunContext, failing: Set<URL>) -> FakeLoader {
        FakeLoader(
            responses: Dictionary(uniqueKeysWithValues: urls.map { ($0, Data($0.lastPathComponent.utf8)) }),
            failing: failing,
            latency: context.pace(.milliseconds(300))
        )
    }

    /// How long the batch may take: when a load hangs, 5 s (the time the scenario waits);
    /// otherwise 10 minutes, which the 0.3 s loads never reach even on a starved test machine.
    static func timeout(_ context: RunContext, hanging: URL?) -> Duration {
        context.pace(hanging == nil ? .seconds(600) : .seconds(5))
    }
}

private func runLegacyBatch(
    _ context: RunContext,
    loading urls: [URL],
    failing: Set<URL> = [],
    hanging: URL? = nil
) async {
    let sink = UISink(log: context.log)
    let loader = BatchWaiterFixture.loader(context, failing: failing)
    await withCheckedContinuation { done in
        Legacy.BatchWaiter.loadAll(
            urls,
            timeout: BatchWaiterFixture.timeout(context, hanging: hanging),
            load: { url, completion in
                guard url != hanging else { return }  // never calls back
                loader.load(url, completion: completion)
            },
            completion: { result, loaded in
                let line = result == .timedOut ? "timed out" : "loaded \(loaded) of \(urls.count)"
                sink.showFromMainQueue(line)
                done.resume()
            }
        )
    }
}

private func runModernBatch(
    _ context: RunContext,
    loading urls: [URL],
    failing: Set<URL> = [],
    hanging: URL? = nil
) async throws {
    let sink = UISink(log: context.log)
    let loader = BatchWaiterFixture.loader(context, failing: failing)
    let timeout = BatchWaiterFixture.timeout(context, hanging: hanging)
    try await showModernBatch(sink: sink, urls: urls, timeout: timeout) { url in
        if url == hanging { try await Task.sleep(for: .seconds(86_400)) }  // until cancelled
        return try await loader.load(url)
    }
}

/// The modern caller is the main actor itself: it awaits the batch and shows the result.
@MainActor
private func showModernBatch(
    sink: UISink,
    urls: [URL],
    timeout: Duration,
    load: @escaping @Sendable (URL) async throws -> Data
) async throws {
    do {
        let loaded = try await Modern.BatchWaiter.loadAll(urls, timeout: timeout, load: load)
        sink.show("loaded \(loaded) of \(urls.count)")
    } catch is TimeoutError {
        sink.show("timed out")
    }
}
