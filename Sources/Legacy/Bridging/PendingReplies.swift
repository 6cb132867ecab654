import Dispatch

/// Requests matched to replies by id, with a timeout: completions keyed by
/// message id in a dictionary on a serial queue.
///
/// You have this in every client that speaks a request/reply protocol over
/// one connection (a WebSocket RPC, an ack number on a socket, a Bluetooth
/// characteristic): `request` stores the completion under the message id
/// (`async` on the queue) *before* it sends, so a reply that comes at once
/// finds it; the frame reader or delegate callback pops the entry (`sync`) and
/// calls it with the reply; an `asyncAfter` pops it first and calls it with
/// `nil`, "no reply". Whoever removes the entry wins, so each completion runs
/// exactly once, and a late reply finds nothing and is dropped.
public final class PendingReplies<Reply: Sendable>: @unchecked Sendable {
    public typealias Completion = @Sendable (Reply?) -> Void

    // `@unchecked Sendable`: `pendingRequests` and `isClosed` are only touched
    // on `queue`.
    private let queue = DispatchQueue(label: "com.example.PendingReplies")
    private var pendingRequests: [Int: Completion] = [:]
    private var isClosed = false

    public init() {}

    /// Stores `completion` under `id`, calls `send`, and gives up after
    /// `timeout`. The completion gets the reply, or `nil` on a timeout, a
    /// closed connection or a non-positive timeout (then nothing is sent).
    /// Don't reuse an id within `timeout`: the timer pops whatever waits under
    /// the id when it fires, answered or not. A counter is simplest.
    public func request(
        _ id: Int, timeout: Duration, send: () -> Void,
        completion: @escaping Completion
    ) {
        guard timeout > .zero else {
            DispatchQueue.global().async { completion(nil) }
            return
        }
        // Enqueued before the send: the reply's `sync` pop runs after it.
        queue.async { [self] in
            guard !isClosed else {
                DispatchQueue.global().async { completion(nil) }
                return
            }
            pendingRequests[id] = completion
        }
        send()
        let seconds =
            Double(timeout.components.seconds)
            + Double(timeout.components.attoseconds) * 1e-18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            [weak self] in
            self?.pop(id)?(nil)  // "no reply", unless the reply won
        }
    }

    /// Called by the frame reader for each reply: calls the waiting
    /// completion on this thread and returns true, or returns false for a
    /// late or unknown reply, which is dropped.
    @discardableResult
    public func receive(_ reply: Reply, for id: Int) -> Bool {
        guard let completion = pop(id) else { return false }
        completion(reply)
        return true
    }

    /// The connection closed: every waiting completion gets `nil`, and later
    /// requests get `nil` at once.
    public func close() {
        let waiting = queue.sync { () -> [Completion] in
            isClosed = true
            defer { pendingRequests = [:] }
            return Array(pendingRequests.values)
        }
        for completion in waiting { completion(nil) }
    }

    /// How many requests wait for a reply.
    public var pendingCount: Int { queue.sync { pendingRequests.count } }

    private func pop(_ id: Int) -> Completion? {
        queue.sync { pendingRequests.removeValue(forKey: id) }
    }
}

// MARK: - The one-slot form: one pending read

/// One pending read, answered by a UI event or closed with `nil`: the same
/// table with a single slot.
///
/// A console view or a prompt reads a line that the user types later: `read`
/// parks its completion, `answer` (the text field's action) pops and calls
/// it, `close` calls it with `nil`. A second read while one is pending
/// closes the first with `nil`: one slot, one reader.
public final class PendingRead: @unchecked Sendable {
    public typealias Completion = @Sendable (String?) -> Void

    // `@unchecked Sendable`: both properties are only touched on `queue`.
    private let queue = DispatchQueue(label: "com.example.PendingRead")
    private var pendingRead: Completion?
    private var isClosed = false

    public init() {}

    /// Waits for the next answer; `nil` if the reader is closed.
    public func read(completion: @escaping Completion) {
        let (previous, accepted) = queue.sync { () -> (Completion?, Bool) in
            guard !isClosed else { return (nil, false) }
            defer { pendingRead = completion }
            return (pendingRead, true)
        }
        previous?(nil)
        if !accepted { completion(nil) }
    }

    /// The UI event: answers the pending read, if there is one.
    @discardableResult
    public func answer(_ text: String) -> Bool {
        guard let completion = take() else { return false }
        completion(text)
        return true
    }

    /// Closes the reader: the pending read gets `nil`, and so will later ones.
    public func close() {
        let completion = queue.sync { () -> Completion? in
            isClosed = true
            defer { pendingRead = nil }
            return pendingRead
        }
        completion?(nil)
    }

    private func take() -> Completion? {
        queue.sync {
            defer { pendingRead = nil }
            return pendingRead
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PendingReplies where Reply == String {
    /// Sends `count` requests, answers all but `unanswered` of them in a
    /// seeded shuffled order, lets the others time out, then delivers their
    /// late replies. Logs the tallies; calls `done` at the end.
    public static func exercise(
        count: Int, unanswered: Set<Int>, replyOrder: [Int],
        timeout: Duration, log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let replies = PendingReplies<String>()
        let finished = DispatchGroup()
        let tally = Tally()
        for id in 0..<count {
            finished.enter()
            replies.request(id, timeout: timeout, send: {}) { reply in
                tally.count(matched: reply == "reply \(id)")
                finished.leave()
            }
        }
        log("sent \(count) requests")
        for id in replyOrder where !unanswered.contains(id) {
            replies.receive("reply \(id)", for: id)
        }
        finished.notify(queue: .global()) {
            let (matched, timedOut) = tally.counts
            log("matched \(matched) replies")
            log("timed out \(timedOut) requests")
            let dropped = unanswered.sorted().filter {
                !replies.receive("reply \($0)", for: $0)
            }
            log("late replies dropped: \(dropped.count)")
            log("pending at the end: \(replies.pendingCount)")
            done()
        }
    }
}

/// The driver's tally: matched and unanswered requests, on a serial queue.
private final class Tally: @unchecked Sendable {
    private let queue = DispatchQueue(label: "Tally")
    private var matched = 0
    private var timedOut = 0

    func count(matched isMatch: Bool) {
        queue.sync { if isMatch { matched += 1 } else { timedOut += 1 } }
    }

    var counts: (matched: Int, timedOut: Int) {
        queue.sync { (matched, timedOut) }
    }
}

extension PendingRead {
    /// A read answered by the UI, a second read closed by `close`, and a read
    /// after the close.
    public static func exercise(
        log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let reader = PendingRead()
        let step = DispatchGroup()
        step.enter()
        reader.read { line in
            log("read 1: \(line ?? "nil")")
            step.leave()
        }
        reader.answer("hello")
        step.notify(queue: .global()) {
            step.enter()
            reader.read { line in
                log("read 2: \(line ?? "nil")")
                step.leave()
            }
            reader.close()
            step.notify(queue: .global()) {
                reader.read { line in
                    log("read 3: \(line ?? "nil")")
                    done()
                }
            }
        }
    }
}
