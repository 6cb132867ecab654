import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let groupWrapCallbackAPI = Recipe(
        id: "group-wrap-callback-api",
        title: "Make existing callback APIs join a group",
        chapter: .groups,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its group wrappers for existing APIs (`-withGroup:performBlock:`, `+withGroup:sendAsynchronousRequest:…`)"],
        file: "Groups/GroupedCallbacks.swift",
        apis: [
            APIMapping(
                "DispatchGroup enter/leave",
                "a continuation bridge (`withCheckedContinuation`), then a task-group child"),
            APIMapping("DispatchGroup.notify(queue:)", "code after `await withTaskGroup(of: Void.self)`"),
            APIMapping(
                "NSURLConnection",
                "an `async throws` wrapper over the callback (`withCheckedThrowingContinuation`); `URLSession.data(for:)`"
            ),
            APIMapping(
                "NSManagedObjectContext.performBlock:",
                "`perform(_:) async` (Apple-only); a continuation bridge for a fake"),
        ],
        prose: Articles.recipe("group-wrap-callback-api"),
        isBridging: true,
        replaces: [
            .groupEnter, .groupLeave, .groupNotify, .dispatchGroup, .semaphore, .semaphoreWait, .semaphoreSignal,
            .callbackNetworking, .managedObjectContextPerform,
        ],
        scenarios: [
            Scenario(
                rules: [.partialOrder([OrderConstraint(.prefix("handler:"), before: .prefix("notify:"))])],
                legacy: { context in
                    await runLegacySaveAndFetch(context, GroupedCallbacksFixture.urls)
                },
                modern: { context in
                    await runModernSaveAndFetch(context, GroupedCallbacksFixture.urls)
                }
            ),
            Scenario(
                "one request fails",
                rules: [.partialOrder([OrderConstraint(.prefix("handler:"), before: .prefix("notify:"))])],
                legacy: { context in
                    await runLegacySaveAndFetch(
                        context, GroupedCallbacksFixture.urls + [GroupedCallbacksFixture.missing]
                    )
                },
                modern: { context in
                    await runModernSaveAndFetch(
                        context, GroupedCallbacksFixture.urls + [GroupedCallbacksFixture.missing]
                    )
                }
            ),
            Scenario(
                "no group",
                rules: [.exact],
                legacy: { context in
                    let fetcher = Legacy.GroupedCallbacks.Fetcher(
                        responses: GroupedCallbacksFixture.responses,
                        latency: GroupedCallbacksFixture.latency(context.pace(.milliseconds(200)))
                    )
                    let url = GroupedCallbacksFixture.urls[0]
                    await withCheckedContinuation { done in
                        fetcher.send(url, in: nil) { data, _ in
                            context.log("handler: \(url.lastPathComponent) \(data?.count ?? 0) bytes")
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let fetcher = Modern.GroupedCallbacks.Fetcher(
                        responses: GroupedCallbacksFixture.responses,
                        latency: GroupedCallbacksFixture.latency(context.pace(.milliseconds(200)))
                    )
                    let url = GroupedCallbacksFixture.urls[0]
                    let data = try await fetcher.send(url)
                    context.log("handler: \(url.lastPathComponent) \(data.count) bytes")
                }
            ),
        ]
    )
}

/// Two addresses the fake fetcher knows, and one it doesn't.
enum GroupedCallbacksFixture {
    static let urls = ["feed.json", "avatar.png"].map { URL(string: "https://example.com/\($0)")! }
    static let missing = URL(string: "https://example.com/missing.json")!
    static let responses: [URL: Data] = [
        urls[0]: Data(#"{"items":[]}"#.utf8),
        urls[1]: Data(repeating: 0xFF, count: 64),
    ]

    /// A pace's delay as the fakes take it (whole nanoseconds).
    static func latency(_ delay: Duration) -> DispatchTimeInterval {
        .nanoseconds(Int(delay / .nanoseconds(1)))
    }
}

private func runLegacySaveAndFetch(_ context: RunContext, _ urls: [URL]) async {
    let fetcher = Legacy.GroupedCallbacks.Fetcher(
        responses: GroupedCallbacksFixture.responses,
        latency: GroupedCallbacksFixture.latency(context.pace(.milliseconds(200)))
    )
    await withCheckedContinuation { done in
        Legacy.GroupedCallbacks.saveAndFetch(
            urls,
            context: Legacy.GroupedCallbacks.Context(),
            fetcher: fetcher,
            log: context.log
        ) { done.resume() }
    }
}

private func runModernSaveAndFetch(_ context: RunContext, _ urls: [URL]) async {
    let fetcher = Modern.GroupedCallbacks.Fetcher(
        responses: GroupedCallbacksFixture.responses,
        latency: GroupedCallbacksFixture.latency(context.pace(.milliseconds(200)))
    )
    await Modern.GroupedCallbacks.saveAndFetch(
        urls,
        context: Modern.GroupedCallbacks.Context(),
        fetcher: fetcher,
        log: context.log
    )
}
