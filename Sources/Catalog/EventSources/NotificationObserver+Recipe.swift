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
                "an `AsyncStream` fed by the same call, consumed by a task the owner cancels in `deinit`; the task removes the observer when its loop ends (on Darwin first: `notifications(named:)`, or a `MainActorMessage` delivered synchronously)"
            ),
            APIMapping(
                "NotificationCenter.addObserver(_:selector:name:object:) (selector form)",
                "no selectors on Linux: the block form, then a stream"
            ),
        ],
        prose: Articles.recipe("notification-observer-stream"),
        replaces: [.notificationObserver, .notificationRemoveObserver, .notificationPost],
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
