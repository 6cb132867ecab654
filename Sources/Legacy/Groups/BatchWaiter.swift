import Foundation

/// Waits for a batch of loads, with a timeout, on a background queue; reports
/// on the main queue.
///
/// `DispatchGroup.wait(timeout:)` blocks the calling thread until every
/// `enter()` has had its `leave()`, or until the timeout passes, and says which
/// (`.success` or `.timedOut`). Blocking the main thread would freeze the UI,
/// so the classic version moves the whole batch onto a global queue and hops
/// back to the main queue with the result. A timed-out wait only stops waiting:
/// the loads it gave up on are not told, and keep running.
public enum BatchWaiter {
    /// Starts a load for each of `urls` and waits for all of them, at most
    /// `timeout`, on a global queue. `completion` runs once, on the main queue,
    /// with the wait's result and the number of loads that had succeeded by
    /// then.
    public static func loadAll(
        _ urls: [URL],
        timeout: Duration,
        load:
            @escaping @Sendable (
                URL, @escaping @Sendable (Result<Data, any Error>) -> Void
            ) -> Void,
        completion:
            @escaping @Sendable (_ result: DispatchTimeoutResult, _ loaded: Int)
            -> Void
    ) {
        DispatchQueue.global(qos: .userInitiated).async {
            let group = DispatchGroup()
            let loaded = LoadTally()
            for url in urls {
                group.enter()
                load(url) { result in
                    if case .success = result { loaded.increment() }
                    group.leave()
                }
            }
            let result = group.wait(
                timeout: .now() + .nanoseconds(nanoseconds(timeout)))
            let count = loaded.value
            DispatchQueue.main.async { completion(result, count) }
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}

/// Counts successful loads; completions arrive on any thread.
///
/// `@unchecked Sendable`: `count` is read and written only while holding
/// `lock`.
final class LoadTally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}
