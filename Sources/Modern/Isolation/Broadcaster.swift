import Synchronization

/// One event source, many listeners: each subscriber gets its own stream.
///
/// An `AsyncStream` has one consumer, so a broadcaster keeps one continuation
/// per subscriber and yields every event to each. Each subscriber picks its
/// buffering policy: `.unbounded` gets every event, `.bufferingNewest(1)` only
/// the latest a slow reader has not yet taken. A subscriber leaves by ending
/// its loop (cancelling its task, or `break`), and `onTermination` removes its
/// continuation, so nothing leaks and no token is kept. `finish()` ends every
/// stream, and a late subscriber can get the latest event first.
public nonisolated final class Broadcaster<Element: Sendable>: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var latest: Element?
        var isFinished = false
    }
    private let state = Mutex(State())
    private let replaysLatest: Bool

    /// With `replaysLatest`, a new subscriber gets the last event sent first.
    public init(replaysLatest: Bool = false) {
        self.replaysLatest = replaysLatest
    }

    /// The events sent from now on, buffered by `policy` until read.
    public func subscribe(
        bufferingPolicy policy: AsyncStream<Element>.Continuation
            .BufferingPolicy = .unbounded
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: policy)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        let added = state.withLock { state in
            guard !state.isFinished else { return false }
            state.subscribers[id] = continuation
            if replaysLatest, let latest = state.latest {
                continuation.yield(latest)
            }
            return true
        }
        if !added { continuation.finish() }  // outside the lock: it calls back
        return stream
    }

    /// Yields `event` to every subscriber, in send order.
    public func send(_ event: Element) {
        state.withLock { state in
            state.latest = event
            for continuation in state.subscribers.values {
                continuation.yield(event)
            }
        }
    }

    /// Ends every stream; later subscribers get an ended stream.
    public func finish() {
        let subscribers = state.withLock { state in
            state.isFinished = true
            return state.subscribers.values
        }
        for continuation in subscribers { continuation.finish() }
    }

    /// How many subscribers are still listening.
    public var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension Broadcaster where Element == Int {
    /// 200 subscribers; a third cancelled after five events; five more events;
    /// then the source finishes.
    public static func twoHundredListeners(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let broadcaster = Broadcaster<Int>()
        let (delivered, deliver) = AsyncStream.makeStream(of: Void.self)
        var listeners: [Task<[Int], Never>] = []
        for _ in 0..<200 {
            let events = broadcaster.subscribe()
            listeners.append(
                Task {
                    var got: [Int] = []
                    for await event in events {
                        got.append(event)
                        deliver.yield()
                    }
                    return got
                })
        }
        let removed = Array(stride(from: 0, to: 200, by: 3))
        let kept = (0..<200).filter { $0 % 3 != 0 }
        log("subscribed: \(broadcaster.subscriberCount)")
        for event in 1...5 { broadcaster.send(event) }
        log("sent 1…5")
        var deliveries = delivered.makeAsyncIterator()
        for _ in 0..<(200 * 5) { _ = await deliveries.next() }
        for listener in removed { listeners[listener].cancel() }
        var cancelledGot: [[Int]] = []
        for listener in removed {
            cancelledGot.append(await listeners[listener].value)
        }
        log(
            "cancelled \(removed.count); subscribed: "
                + "\(broadcaster.subscriberCount)")
        for event in 6...10 { broadcaster.send(event) }
        log("sent 6…10")
        broadcaster.finish()
        log("source done")
        var keptGot: [[Int]] = []
        for listener in kept { keptGot.append(await listeners[listener].value) }
        log("kept \(kept.count): \(summary(keptGot))")
        log("cancelled \(removed.count): \(summary(cancelledGot))")
        log("subscribed at the end: \(broadcaster.subscriberCount)")
    }

    /// A subscriber that reads only after ten events (newest 1), and a fast
    /// one (unbounded).
    public static func slowListener(
        log: @escaping @Sendable (String) -> Void
    ) async -> (fast: [Int], slow: [Int]) {
        let broadcaster = Broadcaster<Int>()
        let fastEvents = broadcaster.subscribe()
        let slowEvents = broadcaster.subscribe(
            bufferingPolicy: .bufferingNewest(1))
        for event in 1...10 { broadcaster.send(event) }
        broadcaster.finish()
        var fast: [Int] = []
        for await event in fastEvents { fast.append(event) }
        var slow: [Int] = []
        for await event in slowEvents { slow.append(event) }
        log("fast listener got: \(describe(fast))")
        log("slow listener got: \(describe(slow))")
        return (fast, slow)
    }

    /// A subscriber that arrives after three events, to a broadcaster that
    /// replays the latest.
    public static func lateListener(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let broadcaster = Broadcaster<Int>(replaysLatest: true)
        for event in 1...3 { broadcaster.send(event) }
        let late = broadcaster.subscribe()
        broadcaster.send(4)
        broadcaster.finish()
        var got: [Int] = []
        for await event in late { got.append(event) }
        log("late listener got: \(describe(got))")
    }

    /// "each got 1…10" when every list is the same.
    private static func summary(_ lists: [[Int]]) -> String {
        let all = Set(lists.map(describe))
        return all.count == 1
            ? "each got \(all.first!)" : "\(all.count) different results"
    }
}

/// "1…10" for a run of consecutive events, else the events listed.
private nonisolated func describe(_ events: [Int]) -> String {
    guard let first = events.first, let last = events.last else {
        return "nothing"
    }
    if events.count > 1, events == Array(first...last) {
        return "\(first)…\(last)"
    }
    return events.map(String.init).joined(separator: ", ")
}
