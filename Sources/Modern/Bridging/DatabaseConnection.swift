/// Writes in submission order per connection, one writer at a time: a
/// worker task per connection drains an `AsyncStream` of writes, and the
/// database is an actor.
///
/// `write(_:)` awaits its write; the shim `write(_:completion:)` keeps the
/// callers that fire and forget, and it keeps their order because it only
/// *yields* into the stream, synchronously, in the caller's order. The one
/// worker applies the writes one after the other, each awaiting the
/// database actor, whose `write` does not suspend, so writes from every
/// connection apply one at a time. It does not await the completions: it
/// hands each one to a second stream, drained by a task of its own, so a
/// completion that waits for a busy main actor holds up no write, and the
/// connection's completions still come one at a time, in its order. A shim
/// that started one `Task` per call would not keep the order: separate tasks
/// run in any order (see the pitfalls).
public nonisolated final class DatabaseConnection: Sendable {
    private struct Write {
        let row: String
        let completion: @Sendable (Int?) async -> Void
    }

    private struct Completion {
        let run: @Sendable (Int?) async -> Void
        let count: Int?
    }

    private let writes: AsyncStream<Write>.Continuation
    private let writer: Task<Void, Never>
    private let completer: Task<Void, Never>

    public init(database: WriteDatabase) {
        let (stream, writes) = AsyncStream.makeStream(of: Write.self)
        let (done, completions) = AsyncStream.makeStream(of: Completion.self)
        self.writes = writes
        writer = Task {
            for await write in stream {
                let count = await database.write(write.row)
                completions.yield(
                    Completion(run: write.completion, count: count))
            }
            completions.finish()
        }
        completer = Task {
            for await completion in done {
                await completion.run(completion.count)
            }
        }
    }

    deinit { writes.finish() }

    /// Applies `row` after this connection's earlier writes; returns the row
    /// count, or `nil` if the connection is closed. The write is queued at
    /// once: cancelling the caller does not take it back.
    public func write(_ row: String) async -> Int? {
        await withCheckedContinuation { continuation in
            write(row) { continuation.resume(returning: $0) }
        }
    }

    /// The shim for callers not yet migrated: queues `row` and returns at
    /// once. `completion` runs after the write, after this connection's
    /// earlier completions; make it `@MainActor` to update the UI. (It has no
    /// default: in async code, `write(row)` is the awaited form.)
    public func write(
        _ row: String,
        completion: @escaping @Sendable (Int?) async -> Void
    ) {
        let write = Write(row: row, completion: completion)
        if case .terminated = writes.yield(write) {
            Task { await completion(nil) }  // closed: nothing to keep in order
        }
    }

    /// Stops taking writes and returns once those queued before it applied
    /// and their completions ran.
    public func close() async {
        writes.finish()
        await writer.value
        await completer.value
    }
}

// MARK: - The database: one writer at a time

/// The rows, in an actor: one write at a time, because `write` never
/// suspends.
///
/// Caveat: the actor runs on the cooperative pool, whose few threads every
/// task shares. `apply` here only records the row; a real write that blocks
/// on the disk must not hold a pool thread: run it on an executor with
/// threads of its own (`blocking-io-executor`).
public actor WriteDatabase {
    private var rows: [String] = []
    private let apply: @Sendable (String) -> Void

    /// `apply` stands for the actual write; it runs on the actor, one call at
    /// a time.
    public init(apply: @escaping @Sendable (String) -> Void = { _ in }) {
        self.apply = apply
    }

    /// Applies one write and returns the row count.
    public func write(_ row: String) -> Int {
        apply(row)
        rows.append(row)
        return rows.count
    }

    /// Every row, in the order the writes applied.
    public var allRows: [String] { rows }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension DatabaseConnection {
    /// `names.count` connections fire `writes` writes each, interleaved,
    /// through the shim; then each connection closes. Returns every row in
    /// applied order and every completion, per connection, in arrival order.
    public static func exercise(
        connections names: [String], writes: Int, database: WriteDatabase
    ) async -> ([String], [String: [Int?]]) {
        let heard = Heard()
        let connections = names.map { _ in
            DatabaseConnection(database: database)
        }
        for index in 0..<writes {
            for (name, connection) in zip(names, connections) {
                connection.write("\(name)\(index)") { count in
                    await heard.append(count, for: name)
                }
            }
        }
        for connection in connections { await connection.close() }
        return (await database.allRows, await heard.byConnection)
    }
}

/// The completions each connection heard.
private actor Heard {
    var byConnection: [String: [Int?]] = [:]

    func append(_ count: Int?, for name: String) {
        byConnection[name, default: []].append(count)
    }
}
