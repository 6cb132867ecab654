import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let notificationObserverStream = Recipe(
        id: "notification-observer-stream",
        title: "NotificationCenter observers → AsyncStream",
        chapter: .eventSources,
        sources: [
            "Seen in real code: onevcat/Kingfisher Sources/Cache/ImageCache.swift; WireGuard/wireguard-apple Sources/Shared/NotificationToken.swift"
        ],
        file: "EventSources/NotificationObserver.swift",
        apis: [
            APIMapping(
                "NotificationCenter.default.addObserver(forName:object:queue:using:), removeObserver(token) in deinit",
                "an `AsyncStream` built on the same call, whose `onTermination` removes the observer, consumed by a task the owner cancels in `deinit`"
            ),
            APIMapping(
                "NotificationCenter.addObserver(_:selector:name:object:) (selector form)",
                "no selectors on Linux: the block form, then a stream"
            ),
        ],
        problem:
            "An object listens for a notification (a save, a memory warning, the app going to the background) for as long as it lives, and must stop listening when it goes away. You have probably met this in Kingfisher's `ImageCache`, which observes memory warnings and removes itself in `deinit`, or in WireGuard's `NotificationToken`, a class whose only job is to remove the observer when it is released.",
        changes: [
            "Legacy keeps the token that `addObserver(forName:object:queue:using:)` returns and passes it to `removeObserver` in `deinit`; releasing the owner removes the observer at once. Modern builds an `AsyncStream` on the same call: the block yields, `onTermination` removes the observer, and the owner's `deinit` cancels the task that consumes the stream. The observer lives as long as the stream: the consuming task alone holds it, so cancelling that task removes the observer.",
            "Both sides see three posts as three events in post order, and after the owner is gone a fourth post reaches nobody: the transcript counts the handler's calls, and `NotificationObserverTests.cancellingTheConsumerAtAnyPointRemovesTheObserver` proves the observer itself is gone (its block is never called again), whether the consumer is cancelled before it starts, while it waits, or after events.",
            "With `queue: nil` the legacy block runs synchronously on the posting thread, before `post` returns; the modern block only yields, and the handler runs later in the consuming task (see the differences).",
            "Back-pressure: the stream's buffer is unbounded, so `post` never waits and never drops. A slower consumer gets every event, in post order, later, and the buffer grows meanwhile (`NotificationObserverTests.aSlowConsumerGetsEveryEventInPostOrder`). Events from many posting threads each arrive once (`NotificationObserverTests.postsFromManyThreadsEachArriveOnce`). For a flood of notifications where only the latest matters, pass `.bufferingNewest(1)` to `makeStream`.",
            "Linux facts: corelibs Foundation has no `notifications(named:)` (Apple platforms have it since macOS 12 / iOS 15), `Notification` is explicitly not `Sendable`, and the observer token is `any NSObjectProtocol`, which is not `Sendable` either. So the block turns each notification into a `Sendable` value on the posting thread (`transform`), and the token is kept in a `Mutex` inside a small `Sendable` class so that the `@Sendable` `onTermination` closure may remove it.",
            "Tests use a private `NotificationCenter()`, never `.default`: a post on `.default` reaches every observer in the process, including other tests running in parallel.",
        ],
        pitfalls: [
            "Dropping the token does not remove the observer: the center keeps the block and calls it on every post, for the life of the process (`NotificationObserverTests.aDroppedTokenKeepsTheBlockRunning`). Keep the token and remove it.",
            "A stream whose `onTermination` does not remove the observer looks fine (the loop ends, later events are dropped) but leaks the block, which still runs on every post (`NotificationObserverTests.withoutOnTerminationTheBlockOutlivesTheStream`).",
            "A block or a consuming task that captures its owner strongly keeps the owner alive, so `deinit` never runs and nothing is removed. Capture only what the handler needs, or `[weak self]`.",
            "Leaving the loop with `break` removes the observer only if nothing else holds the stream: a stream kept in a property or a local outlives the loop, and so does its observer (the same trap as in `dispatch-io-read`). Let the consuming task own the stream, and cancel the task.",
            "Cancelling the consumer does not discard what is already buffered: events posted before the cancellation may still reach the handler. Check `Task.isCancelled` in the loop if that matters.",
        ],
        platformNotes: [
            "**Linux**: `addObserver(_:selector:name:object:)` (the target/selector form, which Kingfisher uses) needs the Objective-C runtime and does not exist.",
            "**Darwin**: since iOS 9 the target/selector form no longer needs `removeObserver` in `deinit`, but the block form always does.",
        ],
        annotations: [
            "`NotificationObserver` (Legacy) needs no `Sendable` conformance: the block captures only the `@Sendable` handler, never the owner.",
            "`handler` is `@escaping @Sendable`: with `queue: nil` it runs on whichever thread posts.",
        ],
        differences: [
            "The legacy handler runs before `post` returns, on the posting thread (`NotificationObserverTests.legacyHandlerRunsBeforePostReturns`); the modern block only buffers the event and the consumer handles it later (`NotificationObserverTests.modernPostOnlyBuffersTheEvent`).",
            "Releasing the legacy owner removes the observer before the release returns. Releasing the modern owner cancels its consumer, and the observer is removed when the consumer's iteration ends: await the owner's `consumer` task to know it is gone (`NotificationObserverTests.modernObserverIsGoneOnceTheReleasedOwnersConsumerEnds`).",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ObserverToken.remove(from:)` could not be called from `onTermination`, and the consumer task made in `init` would run the handler on the main actor; `nonisolated` keeps the observer and its consumer off it.",
        replaces: [.notificationObserver, .notificationPost],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.NotificationObserver.observeThreeSaves(
                            on: NotificationCenter(), log: context.log)
                    }
                },
                modern: { context in
                    await Modern.NotificationObserver.observeThreeSaves(
                        on: NotificationCenter(), log: context.log)
                }
            )
        ]
    )
}
