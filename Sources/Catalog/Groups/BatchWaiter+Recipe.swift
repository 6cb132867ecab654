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
        prose: Articles.recipe("dispatch-group-wait"),
        modernNeeds: ["Timers/WithTimeout.swift"],
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
