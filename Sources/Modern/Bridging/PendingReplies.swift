import Synchronization

/// Requests matched to replies by id, with a timeout: a `Mutex`-guarded table
/// of continuations that the frame handler resumes.
///
/// `request` parks a continuation under the message id *before* it sends, so
/// a reply that comes at once finds it; `receive`, called synchronously by the
/// frame reader, removes the entry and resumes it; a late reply finds nothing
/// and is dropped. Whoever removes the entry resumes it, so each continuation
/// is resumed exactly once. The wait is cancellation-aware: a cancellation
/// handler removes the entry and resumes it with `CancellationError`. That is
/// what makes the timeout work: `withTimeout` (WithTimeout.swift) cancels the
/// waiting child when the deadline passes, and a task group waits for every
/// child, so a continuation that ignored cancellation would keep the caller
/// waiting until the reply came, however late. Each wait has a token of its
/// own, and the handler removes the entry only if it still holds that token:
/// a request answered a moment ago keeps its handler until its task runs
/// again, and by then its id may name a newer request.
public nonisolated final class PendingReplies<Reply: Sendable>: Sendable {
    private struct Waiter {
        let token: Int
        let continuation: CheckedContinuation<Reply, any Error>
    }
    private struct Table: ~Copyable {
        var waiting: [Int: Waiter] = [:]
        var lastToken = 0
        var isClosed = false
    }

    /// The error of a request whose connection closed.
    public struct ConnectionClosed: Error, Equatable {}

    /// The error of a request whose id another request still waits under.
    public struct IDInUse: Error, Equatable {
        public let id: Int
    }

    private let table = Mutex(Table())

    public init() {}

    /// Sends the request through `send` and returns its reply. Throws
    /// `TimeoutError` after `timeout` (at once, sending nothing, if it is not
    /// positive), `CancellationError` if the caller is cancelled,
    /// `ConnectionClosed` if the connection closes first, `IDInUse` (sending
    /// nothing) if a request with this id still waits, or what `send` throws.
    /// Don't reuse an id until its `request` has returned (an answer is not
    /// enough): a counter that doesn't wrap is simplest.
    public func request(
        _ id: Int, timeout: Duration,
        send: @escaping @Sendable () throws -> Void
    ) async throws -> Reply {
        guard timeout > .zero else { throw TimeoutError(timeout: timeout) }
        return try await withTimeout(timeout) {
            try await self.reply(to: id, send: send)
        }
    }

    private func reply(
        to id: Int, send: () throws -> Void
    ) async throws -> Reply {
        let token = table.withLock { table in
            table.lastToken += 1
            return table.lastToken
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let refusal = table.withLock { table -> (any Error)? in
                    if Task.isCancelled { return CancellationError() }
                    if table.isClosed { return ConnectionClosed() }
                    // Taking the entry would strand the waiting request:
                    // its cancellation handler, and so its timeout, would
                    // find another wait's token and resume nothing.
                    if table.waiting[id] != nil { return IDInUse(id: id) }
                    // Registered, then sent.
                    table.waiting[id] = Waiter(
                        token: token, continuation: continuation)
                    return nil
                }
                if let refusal {
                    continuation.resume(throwing: refusal)
                    return
                }
                do {
                    try send()
                } catch {
                    pop(id, token: token)?.resume(throwing: error)
                }
            }
        } onCancel: {
            pop(id, token: token)?.resume(throwing: CancellationError())
        }
    }

    /// Called by the frame reader for each reply: resumes the waiting caller
    /// and returns true, or returns false for a late or unknown reply, which
    /// is dropped.
    @discardableResult
    public func receive(_ reply: Reply, for id: Int) -> Bool {
        guard let continuation = pop(id) else { return false }
        continuation.resume(returning: reply)
        return true
    }

    /// The connection closed: every waiting caller throws `ConnectionClosed`,
    /// and so do later requests.
    public func close() {
        let waiting = table.withLock { table in
            table.isClosed = true
            defer { table.waiting = [:] }
            return Array(table.waiting.values)
        }
        for waiter in waiting {
            waiter.continuation.resume(throwing: ConnectionClosed())
        }
    }

    /// How many requests wait for a reply.
    public var pendingCount: Int { table.withLock { $0.waiting.count } }

    /// Removes the entry under `id`; with a `token`, only if it is that wait's.
    private func pop(
        _ id: Int, token: Int? = nil
    ) -> CheckedContinuation<Reply, any Error>? {
        table.withLock { table in
            guard let waiter = table.waiting[id],
                token == nil || waiter.token == token
            else { return nil }
            table.waiting[id] = nil
            return waiter.continuation
        }
    }
}

// MARK: - The one-slot form: one pending read

/// One pending read, answered by a UI event or closed with `nil`: the same
/// table with a single slot.
///
/// `read()` parks one continuation, `answer` (the text field's action)
/// resumes it with the text, `close` with `nil`. A second read while one is
/// pending closes the first with `nil`, and a cancelled reader gets `nil`
/// too: one slot, one reader, and no continuation left behind. Each read has
/// an id, and its cancellation handler empties the slot only if the slot
/// still holds that read: a superseded reader keeps its handler until its
/// task runs again, and a cancel in that window must not end the newer read.
public nonisolated final class PendingRead: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<String?, Never>
    }
    private struct Slot: ~Copyable {
        var waiting: Waiter?
        var lastID = 0
        var isClosed = false
    }

    private let slot = Mutex(Slot())

    public init() {}

    /// The next answer; `nil` if the reader is closed, superseded or
    /// cancelled.
    public func read() async -> String? {
        let id = slot.withLock { slot in
            slot.lastID += 1
            return slot.lastID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // `.none`: closed or cancelled, nothing stored; else the
                // read this one supersedes, if any.
                let previous = slot.withLock { slot -> Waiter?? in
                    if slot.isClosed || Task.isCancelled { return .none }
                    let previous = slot.waiting
                    slot.waiting = Waiter(id: id, continuation: continuation)
                    return .some(previous)
                }
                switch previous {
                case .none: continuation.resume(returning: nil)
                case .some(let previous):
                    previous?.continuation.resume(returning: nil)
                }
            }
        } onCancel: {
            take(id)?.resume(returning: nil)
        }
    }

    /// The UI event: answers the pending read, if there is one.
    @discardableResult
    public func answer(_ text: String) -> Bool {
        guard let continuation = take() else { return false }
        continuation.resume(returning: text)
        return true
    }

    /// Closes the reader: the pending read gets `nil`, and so will later ones.
    public func close() {
        let waiter = slot.withLock { slot in
            slot.isClosed = true
            return slot.waiting.take()
        }
        waiter?.continuation.resume(returning: nil)
    }

    /// Whether a read is waiting.
    public var isWaiting: Bool { slot.withLock { $0.waiting != nil } }

    /// Empties the slot; with an `id`, only if it holds that read.
    private func take(
        _ id: Int? = nil
    ) -> CheckedContinuation<String?, Never>? {
        slot.withLock { slot in
            guard id == nil || slot.waiting?.id == id else { return nil }
            return slot.waiting.take()?.continuation
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension PendingReplies where Reply == String {
    /// Sends `count` requests, answers all but `unanswered` of them in a
    /// seeded shuffled order, lets the others time out, then delivers their
    /// late replies. Logs the tallies.
    public static func exercise(
        count: Int, unanswered: Set<Int>, replyOrder: [Int],
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let replies = PendingReplies<String>()
        let (sent, sending) = AsyncStream.makeStream(of: Int.self)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for id in 0..<count {
                group.addTask {
                    let reply = try? await replies.request(id, timeout: timeout)
                    {
                        sending.yield(id)
                    }
                    return reply == "reply \(id)"
                }
            }
            var requests = 0
            for await _ in sent {
                requests += 1
                if requests == count { break }
            }
            log("sent \(count) requests")
            for id in replyOrder where !unanswered.contains(id) {
                replies.receive("reply \(id)", for: id)
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        log("matched \(outcomes.filter { $0 }.count) replies")
        log("timed out \(outcomes.filter { !$0 }.count) requests")
        let dropped = unanswered.sorted().filter {
            !replies.receive("reply \($0)", for: $0)
        }
        log("late replies dropped: \(dropped.count)")
        log("pending at the end: \(replies.pendingCount)")
    }
}

nonisolated extension PendingRead {
    /// A read answered by the UI, a second read closed by `close`, and a read
    /// after the close.
    public static func exercise(log: @escaping @Sendable (String) -> Void) async
    {
        let reader = PendingRead()
        async let first = reader.read()
        while !reader.isWaiting { await Task.yield() }
        reader.answer("hello")
        log("read 1: \(await first ?? "nil")")
        async let second = reader.read()
        while !reader.isWaiting { await Task.yield() }
        reader.close()
        log("read 2: \(await second ?? "nil")")
        log("read 3: \(await reader.read() ?? "nil")")
    }
}
