/// A store isolated to an actor: a nested call from inside is a plain call and
/// cannot deadlock.
///
/// The actor replaces the serial queue, and the question "am I already on my
/// queue?" disappears: code inside the actor knows it is isolated at compile
/// time, so it calls other isolated members directly, and code outside must
/// `await`. There is nothing to `sync` and no key to check.
/// `preconditionIsolated()` and `assertIsolated()` remain for synchronous code
/// that must run on the actor but cannot prove it to the compiler (a callback
/// from older code); called from anywhere else, they trap.
public actor DatabaseQueue {
    private var rows: [String] = []

    public init() {}

    public func insert(_ row: String) {
        rows.append(row)
    }

    public var count: Int {
        rows.count
    }

    /// Inserts `row` unless it is there, and returns the count, read by a
    /// nested call on the actor.
    public func insertIfAbsent(_ row: String) -> Int {
        // Always holds inside an actor method; shown to mirror the queue check.
        preconditionIsolated()
        if !rows.contains(row) { rows.append(row) }
        // A nested call: a plain synchronous call, no hop, no await.
        return count
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension DatabaseQueue {
    /// Reads the count from outside the actor, then from inside it; both calls
    /// return 2.
    public static func countFromOutsideAndInside(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let database = DatabaseQueue()
        await database.insert("a")
        await database.insert("b")
        log("outside: count = \(await database.count)")
        log("inside: count = \(await database.insertIfAbsent("b"))")
    }
}
