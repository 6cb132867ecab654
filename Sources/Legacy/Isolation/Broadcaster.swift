import Foundation

/// One event source, many listeners: an observer list behind a serial queue.
///
/// The classic multicast delegate keeps its listeners in a dictionary that a
/// serial queue guards, and calls each on the queue the listener chose. `add`
/// returns a token the listener must pass to `remove`: a lost token keeps the
/// handler called for good. Nothing bounds a slow listener: its queue holds
/// every event until it gets to them, and blocks already queued for it still
/// run after `remove`.
public final class Broadcaster<Event: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `observers` and `latest` are touched only on
    // `queue`.
    private typealias Observer = (
        queue: DispatchQueue, handler: @Sendable (Event) -> Void
    )
    private let queue = DispatchQueue(label: "broadcaster")
    private var observers: [UUID: Observer] = [:]
    private var latest: Event?
    private let replaysLatest: Bool

    /// With `replaysLatest`, a new listener gets the last event sent first.
    public init(replaysLatest: Bool = false) {
        self.replaysLatest = replaysLatest
    }

    /// Calls `handler` on `queue` with each event sent from now on, until
    /// `remove` is called with the token it returns.
    public func add(
        on queue: DispatchQueue,
        handler: @escaping @Sendable (Event) -> Void
    ) -> UUID {
        let token = UUID()
        self.queue.sync {
            observers[token] = (queue, handler)
            if replaysLatest, let latest {
                queue.async { handler(latest) }
            }
        }
        return token
    }

    /// No event sent after this returns reaches the listener; blocks already
    /// on its queue still run.
    public func remove(_ token: UUID) {
        queue.sync { observers[token] = nil }
    }

    /// Hands `event` to every listener's queue, in send order.
    public func send(_ event: Event) {
        queue.async {
            self.latest = event
            for observer in self.observers.values {
                observer.queue.async { observer.handler(event) }
            }
        }
    }

    /// How many listeners are registered.
    public var listenerCount: Int { queue.sync { observers.count } }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension Broadcaster where Event == Int {
    /// 200 listeners; a third removed after five events; five more events;
    /// then the owner removes the rest. Blocks until done.
    public static func twoHundredListeners(
        log: @escaping @Sendable (String) -> Void
    ) {
        let broadcaster = Broadcaster<Int>()
        let received = Received()
        let delivered = DispatchGroup()
        var tokens: [Int: UUID] = [:]
        for listener in 0..<200 {
            let queue = DispatchQueue(label: "listener.\(listener)")
            tokens[listener] = broadcaster.add(on: queue) { event in
                received.append(event, to: listener)
                delivered.leave()
            }
        }
        let removed = Set(stride(from: 0, to: 200, by: 3))
        log("subscribed: \(broadcaster.listenerCount)")
        for _ in 0..<(200 * 5) { delivered.enter() }
        for event in 1...5 { broadcaster.send(event) }
        log("sent 1…5")
        delivered.wait()
        for listener in removed { broadcaster.remove(tokens[listener]!) }
        log(
            "cancelled \(removed.count); subscribed: "
                + "\(broadcaster.listenerCount)")
        for _ in 0..<((200 - removed.count) * 5) { delivered.enter() }
        for event in 6...10 { broadcaster.send(event) }
        log("sent 6…10")
        delivered.wait()
        for (listener, token) in tokens where !removed.contains(listener) {
            broadcaster.remove(token)
        }
        log("source done")
        let kept = (0..<200).filter { !removed.contains($0) }
        log("kept \(kept.count): \(received.summary(of: kept))")
        log("cancelled \(removed.count): \(received.summary(of: removed))")
        log("subscribed at the end: \(broadcaster.listenerCount)")
    }

    /// A listener busy while ten events are sent, and a fast one. Blocks
    /// until done.
    public static func slowListener(
        log: @escaping @Sendable (String) -> Void
    ) -> (fast: [Int], slow: [Int]) {
        let broadcaster = Broadcaster<Int>()
        let received = Received()
        let delivered = DispatchGroup()
        let slowQueue = DispatchQueue(label: "slow")
        slowQueue.suspend()  // busy: nothing runs on it for now
        for (listener, queue) in [
            (0, DispatchQueue(label: "fast")), (1, slowQueue),
        ] {
            _ = broadcaster.add(on: queue) { event in
                received.append(event, to: listener)
                delivered.leave()
            }
        }
        for _ in 0..<20 { delivered.enter() }
        for event in 1...10 { broadcaster.send(event) }
        slowQueue.resume()
        delivered.wait()
        let fast = received.events(of: 0)
        let slow = received.events(of: 1)
        log("fast listener got: \(describe(fast))")
        log("slow listener got: \(describe(slow))")
        return (fast, slow)
    }

    /// A listener added after three events, to a broadcaster that replays the
    /// latest. Blocks until done.
    public static func lateListener(
        log: @escaping @Sendable (String) -> Void
    ) {
        let broadcaster = Broadcaster<Int>(replaysLatest: true)
        for event in 1...3 { broadcaster.send(event) }
        let received = Received()
        let delivered = DispatchGroup()
        for _ in 0..<2 { delivered.enter() }
        let token = broadcaster.add(on: DispatchQueue(label: "late")) {
            received.append($0, to: 0)
            delivered.leave()
        }
        broadcaster.send(4)
        delivered.wait()
        broadcaster.remove(token)
        log("late listener got: \(describe(received.events(of: 0)))")
    }
}

/// "1…10" for a run of consecutive events, else the events listed.
private func describe(_ events: [Int]) -> String {
    guard let first = events.first, let last = events.last else {
        return "nothing"
    }
    if events.count > 1, events == Array(first...last) {
        return "\(first)…\(last)"
    }
    return events.map(String.init).joined(separator: ", ")
}

/// The events each listener got, from any thread.
private final class Received: @unchecked Sendable {
    // @unchecked Sendable: `events` is touched only while holding `lock`.
    private let lock = NSLock()
    private var byListener: [Int: [Int]] = [:]

    func append(_ event: Int, to listener: Int) {
        lock.lock()
        byListener[listener, default: []].append(event)
        lock.unlock()
    }

    func events(of listener: Int) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        return byListener[listener] ?? []
    }

    /// "each got 1…10" when all `listeners` got the same events.
    func summary(of listeners: some Collection<Int>) -> String {
        let all = Set(listeners.map { describe(events(of: $0)) })
        return all.count == 1
            ? "each got \(all.first!)" : "\(all.count) different results"
    }
}
