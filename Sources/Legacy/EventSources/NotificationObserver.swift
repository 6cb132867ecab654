import Foundation

/// Observes a notification with the block API and removes the observer when
/// the owner goes away.
///
/// `addObserver(forName:object:queue:using:)` returns a token, and the center
/// keeps the block until that token is passed to `removeObserver`: dropping
/// the token does not remove anything, and the block keeps running on every
/// post. So the owner keeps the token and removes it in `deinit`, and the
/// block captures only what it needs (never the owner strongly, or `deinit`
/// never runs). With `queue: nil` the block runs synchronously on the posting
/// thread, in post order. `Notification` is not `Sendable` on Linux, so the
/// block hands on a value taken out of it, not the notification itself.
public final class NotificationObserver {
    private let center: NotificationCenter
    private let token: any NSObjectProtocol

    /// Calls `handler` with the `object` of every `name` posted on `center`
    /// until this observer is released.
    public init(
        _ name: Notification.Name,
        on center: NotificationCenter = .default,
        handler: @escaping @Sendable (String) -> Void
    ) {
        self.center = center
        token = center.addObserver(
            forName: name, object: nil, queue: nil
        ) { notification in
            handler(notification.object as? String ?? "?")
        }
    }

    deinit {
        center.removeObserver(token)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension NotificationObserver {
    /// Posts three saves while an observer lives, releases it, and posts a
    /// fourth. `center` should be private to the caller: a post on `.default`
    /// reaches every observer in the process.
    public static func observeThreeSaves(
        on center: NotificationCenter,
        log: @escaping @Sendable (String) -> Void
    ) {
        let name = Notification.Name("DocumentDidSave")
        let calls = HandlerCalls()
        var observer: NotificationObserver? = NotificationObserver(
            name, on: center
        ) { document in
            calls.increment()
            log("saved \(document)")
        }
        for document in ["a.txt", "b.txt", "c.txt"] {
            center.post(name: name, object: document)
        }
        withExtendedLifetime(observer) {}
        observer = nil
        log("owner released")
        center.post(name: name, object: "d.txt")
        log("handler calls after a 4th post: \(calls.count)")
    }
}

/// Counts handler calls from any thread.
private final class HandlerCalls: @unchecked Sendable {
    // @unchecked Sendable: `value` is touched only while holding `lock`.
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
