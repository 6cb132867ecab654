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
            APIMapping("DispatchGroup.notify(queue:)", "code after `await withDiscardingTaskGroup`"),
            APIMapping(
                "NSURLConnection",
                "an `async throws` wrapper over the callback (`withCheckedThrowingContinuation`); `URLSession.data(for:)`"
            ),
            APIMapping(
                "NSManagedObjectContext.performBlock:",
                "`perform(_:) async` (Apple-only); a continuation bridge for a fake"),
        ],
        problem:
            "Track the completion of third-party callback APIs, which know nothing about your group, with one notification.",
        changes: [
            "The legacy wrappers take an optional group and do the bookkeeping: `enter()`, call the API, run the handler, `leave()`. The modern wrappers take no group: each turns one callback into one `async` function with a checked continuation, and any number of them can then run in a task group.",
            "The caller's handler becomes the code after the `await`, and an error arrives as a thrown error instead of an optional `error` argument.",
            "The classic wrappers' `nil` group case (call straight through) disappears: without a group, you just `await` the wrapper.",
            "The two APIs are the same fakes on both sides, still callback-based: that is the situation the recipe is about, so the modern file is a bridge and uses Dispatch inside the fakes.",
        ],
        pitfalls: [
            "Resume a continuation exactly once, on every path of the callback: a second resume traps, and a path that never resumes leaves the caller suspended forever, with only a leak warning on standard error (see `dispatch-group-notify`).",
            "Leave after the handler, not before. Leaving first lets `notify` run while a handler is still working (`GroupedCallbacksTests.legacyLeavingBeforeTheHandlerLetsNotifyOvertakeIt`).",
            "Test the error path: a callback API that reports an error with a `nil` result is exactly where a bridge forgets to resume, or a group wrapper forgets to leave.",
            "A continuation bridge is not cancellable by itself. If the API can cancel, wrap the call in `withTaskCancellationHandler` and cancel it there.",
        ],
        platformNotes: [
            "**Darwin**: Core Data's `perform(_:)` is already `async`; wrap only what has no `async` form.",
        ],
        annotations: [
            "The completion handlers and blocks are `@escaping @Sendable`: the APIs call them on their own queues.",
            "The fakes are `Sendable` without `@unchecked`: they hold only a `DispatchQueue` and immutable data.",
        ],
        differences: [],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, the `Context` and `Fetcher` stand-ins and their `async` wrappers would be main-actor-isolated, so every child task would hop to the main actor to start its call; `nonisolated` keeps the bridges running in the child tasks that call them.",
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
                        latency: context.pace(.milliseconds(200))
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
                        latency: context.pace(.milliseconds(200))
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
}

private func runLegacySaveAndFetch(_ context: RunContext, _ urls: [URL]) async {
    let fetcher = Legacy.GroupedCallbacks.Fetcher(
        responses: GroupedCallbacksFixture.responses,
        latency: context.pace(.milliseconds(200))
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
        latency: context.pace(.milliseconds(200))
    )
    await Modern.GroupedCallbacks.saveAndFetch(
        urls,
        context: Modern.GroupedCallbacks.Context(),
        fetcher: fetcher,
        log: context.log
    )
}
