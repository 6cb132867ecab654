import Dispatch

/// Fire-and-forget writes through a per-connection serial queue and one
/// database-wide write queue, each completion on the queue the caller chose.
///
/// This is YapDatabase's shape (`asyncReadWriteWithBlock:completionQueue:
/// completionBlock:`): `write` returns at once; the connection's own serial
/// queue takes its writes in submission order, and each `sync`s onto the
/// database's write queue, so writes from every connection apply one at a
/// time. Callers rely on the order without saying so: "insert the message,
/// then mark the thread read", fired one after the other, must apply in that
/// order. The completion gets the row count after the write (`nil` once the
/// connection is closed) on `completionQueue`, a serial queue, so completions
/// come in order too.
public final class DatabaseConnection: Sendable {
    private let database: WriteDatabase
    private let queue: DispatchQueue
    private let completionQueue: DispatchQueue
    private let state: ConnectionState

    public init(
        _ name: String, database: WriteDatabase,
        completionQueue: DispatchQueue = .main
    ) {
        self.database = database
        self.queue = DispatchQueue(label: "DatabaseConnection.\(name)")
        self.completionQueue = completionQueue
        self.state = ConnectionState()
    }

    /// Queues `row` behind this connection's earlier writes and returns at
    /// once.
    public func write(
        _ row: String,
        completion: (@Sendable (Int?) -> Void)? = nil
    ) {
        queue.async { [database, completionQueue, state] in
            let count = state.isClosed ? nil : database.write(row)
            if let completion { completionQueue.async { completion(count) } }
        }
    }

    /// Stops taking writes: those queued before it still apply, later ones
    /// get `nil`. `completion` runs once the earlier writes have applied.
    public func close(completion: (@Sendable () -> Void)? = nil) {
        queue.async { [state, completionQueue] in
            state.isClosed = true
            if let completion { completionQueue.async(execute: completion) }
        }
    }
}

/// Only touched on the connection's serial queue.
private final class ConnectionState: @unchecked Sendable {
    var isClosed = false
}

// MARK: - The database: one writer at a time

/// The rows, behind one serial write queue that every connection `sync`s on.
public final class WriteDatabase: @unchecked Sendable {
    // `@unchecked Sendable`: `rows` is only touched on `writeQueue`.
    private let writeQueue = DispatchQueue(label: "WriteDatabase.write")
    private var rows: [String] = []
    private let apply: @Sendable (String) -> Void

    /// `apply` stands for the actual write (to disk); it runs on the write
    /// queue, one call at a time.
    public init(apply: @escaping @Sendable (String) -> Void = { _ in }) {
        self.apply = apply
    }

    /// Applies one write and returns the row count; called on a connection's
    /// queue, it blocks that queue (not the caller) until its turn.
    public func write(_ row: String) -> Int {
        writeQueue.sync {
            apply(row)
            rows.append(row)
            return rows.count
        }
    }

    /// Every row, in the order the writes applied.
    public var allRows: [String] { writeQueue.sync { rows } }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension DatabaseConnection {
    /// `connections` connections fire `writes` writes each, interleaved, from
    /// one thread; then each connection closes. `done` gets every row in
    /// applied order and every completion, per connection, in arrival order.
    public static func exercise(
        connections names: [String], writes: Int, database: WriteDatabase,
        done: @escaping @Sendable ([String], [String: [Int?]]) -> Void
    ) {
        let completions = DispatchQueue(label: "completions")
        let heard = Heard()
        let closed = DispatchGroup()
        let connections = names.map {
            DatabaseConnection(
                $0, database: database, completionQueue: completions)
        }
        for index in 0..<writes {
            for (name, connection) in zip(names, connections) {
                connection.write("\(name)\(index)") { count in
                    heard.byConnection[name, default: []].append(count)
                }
            }
        }
        for connection in connections {
            closed.enter()
            connection.close { closed.leave() }
        }
        closed.notify(queue: completions) {
            done(database.allRows, heard.byConnection)
        }
    }
}

/// The completions each connection heard; only touched on the driver's
/// serial completion queue.
private final class Heard: @unchecked Sendable {
    var byConnection: [String: [Int?]] = [:]
}
