import Foundation
import Synchronization

/// Observes a notification through an `AsyncStream` consumed by a task that is
/// cancelled with its owner.
///
/// The portable form, for Linux and for Darwin before iOS 15; on Darwin,
/// `notifications(named:)` (iOS 15) and main-actor messages (iOS 26) come
/// first (see the page). The block observer is added in `init`, before it
/// returns, as the legacy one is; it only yields, and the handler runs later,
/// in the consuming task, off the main actor and after `post` has returned.
/// The task owns the observer's token and removes the observer when its loop
/// ends, which the owner's `deinit` causes by cancelling it. The buffer is
/// unbounded: a post never waits, and a slow consumer gets every event, in
/// order, later. `Notification` is not `Sendable` on Linux, so the block takes
/// a `Sendable` value out of it, on the posting thread.
public nonisolated final class NotificationObserver: Sendable {
    /// Await it after releasing the owner to know the observer is gone.
    public let consumer: Task<Void, Never>

    /// Calls `handler` with the `object` of every `name` posted on `center`
    /// until this owner is released.
    public init(
        _ name: Notification.Name,
        on center: NotificationCenter = .default,
        handler: @escaping @Sendable (String) -> Void
    ) {
        let (saves, continuation) = AsyncStream.makeStream(of: String.self)
        let token = center.addObserver(
            forName: name, object: nil, queue: nil
        ) { notification in
            continuation.yield(notification.object as? String ?? "?")
        }
        consumer = Task {
            for await document in saves { handler(document) }
            center.removeObserver(token)  // cancelled: the loop has ended
        }
    }

    deinit {
        consumer.cancel()  // ends the loop, which removes the observer
    }
}

// MARK: - Or a stream of notifications, for any consumer

nonisolated extension NotificationObserver {
    /// What `transform` takes out of every `name` posted on `center`, until
    /// the consumer stops iterating: `onTermination` removes the observer.
    public static func notifications<Value: Sendable>(
        named name: Notification.Name,
        on center: NotificationCenter = .default,
        _ transform: @escaping @Sendable (Notification) -> Value
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let token = center.addObserver(
            forName: name, object: nil, queue: nil
        ) { notification in
            continuation.yield(transform(notification))
        }
        let observer = ObserverToken(token)
        continuation.onTermination = { _ in observer.remove(from: center) }
        return stream
    }
}

/// The observer's token, which is not `Sendable`, where the `@Sendable`
/// `onTermination` closure can reach it.
private nonisolated final class ObserverToken: Sendable {
    private let token: Mutex<(any NSObjectProtocol)?>
    init(_ token: sending any NSObjectProtocol) { self.token = Mutex(token) }

    func remove(from center: NotificationCenter) {
        token.withLock { token in
            if let token { center.removeObserver(token) }
            token = nil
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension NotificationObserver {
    /// Posts three saves while an owner lives, releases it, and posts a
    /// fourth. `center` should be private to the caller: a post on `.default`
    /// reaches every observer in the process.
    public static func observeThreeSaves(
        on center: NotificationCenter,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let name = Notification.Name("DocumentDidSave")
        let (handled, handledOne) = AsyncStream.makeStream(of: Void.self)
        var owner: NotificationObserver? = NotificationObserver(
            name, on: center
        ) { document in
            log("saved \(document)")
            handledOne.yield()
        }
        for document in ["a.txt", "b.txt", "c.txt"] {
            center.post(name: name, object: document)
        }
        var calls = 0
        var iterator = handled.makeAsyncIterator()
        while calls < 3, await iterator.next() != nil { calls += 1 }
        let consumer = owner?.consumer
        owner = nil  // deinit cancels the consumer
        await consumer?.value
        log("owner released")
        center.post(name: name, object: "d.txt")
        handledOne.finish()
        while await iterator.next() != nil { calls += 1 }
        log("handler calls after a 4th post: \(calls)")
    }
}
