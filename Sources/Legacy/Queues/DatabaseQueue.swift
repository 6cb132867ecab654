import Foundation

/// A store confined to its own serial queue, safe to call again from inside
/// that queue.
///
/// Every public method `sync`s onto the queue. A method that calls another one
/// from inside a block would then `sync` onto the queue it is already on, which
/// traps, on Linux and on Darwin alike. A `DispatchSpecificKey` set on the
/// queue answers "am I already on my queue?": if so, run inline, else `sync`.
/// `dispatchPrecondition(condition: .onQueue(queue))` checks the same thing
/// where code may only run on the queue. This is the pattern behind FMDB's
/// `FMDatabaseQueue`, CocoaLumberjack's `DDLog` and GRDB's
/// `SchedulingWatchdog`.
public final class DatabaseQueue: @unchecked Sendable {
    private let queue = DispatchQueue(label: "DatabaseQueue")
    private let onQueueKey = DispatchSpecificKey<Void>()
    private var rows: [String] = []  // only touched on `queue`

    public init() {
        queue.setSpecific(key: onQueueKey, value: ())
    }

    public func insert(_ row: String) {
        onQueue { rows.append(row) }
    }

    public var count: Int {
        onQueue { rows.count }
    }

    /// Inserts `row` unless it is there, and returns the count, read by a
    /// nested call on the queue.
    public func insertIfAbsent(_ row: String) -> Int {
        onQueue {
            preconditionOnQueue()
            if !rows.contains(row) { rows.append(row) }
            // A nested call: it runs inline, because we are already on the
            // queue.
            return count
        }
    }

    /// Traps unless called from a block running on this store's queue.
    public func preconditionOnQueue() {
        dispatchPrecondition(condition: .onQueue(queue))
    }

    /// Runs `work` inline when already on the queue, else `sync`s onto it.
    private func onQueue<T>(_ work: () -> T) -> T {
        if DispatchQueue.getSpecific(key: onQueueKey) != nil { return work() }
        return queue.sync(execute: work)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension DatabaseQueue {
    /// Reads the count from outside the queue, then from inside it; both calls
    /// return 2.
    public static func countFromOutsideAndInside(
        log: @escaping @Sendable (String) -> Void
    ) {
        let database = DatabaseQueue()
        database.insert("a")
        database.insert("b")
        log("outside: count = \(database.count)")
        log("inside: count = \(database.insertIfAbsent("b"))")
    }
}
