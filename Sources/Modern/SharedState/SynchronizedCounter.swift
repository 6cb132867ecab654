import Synchronization

/// Restructured: lock a `Mutex` once, at the entry point, and recurse on the
/// `inout` value it hands you.
///
/// `Mutex` is not recursive: locking it again on the thread that holds it
/// traps ("Recursive call to lock Mutex"). So the public method takes the lock
/// once, and the recursion is a static function over the `inout` value, which
/// cannot lock anything: the compiler sees the exclusive access, and no code
/// path can re-enter. An actor is the other way out: its methods call each
/// other synchronously, without re-locking, but every outside call `await`s.
public nonisolated final class SynchronizedCounter: Sendable {
    private let state = Mutex(0)

    public init() {}

    /// Adds `depth`, `depth - 1`, … 1 under one lock; returns the sum added.
    public func add(countdownFrom depth: Int) -> Int {
        state.withLock { value in Self.add(countdownFrom: depth, to: &value) }
    }

    /// The recursion, on the value the lock hands out: it never locks.
    private static func add(
        countdownFrom depth: Int, to value: inout Int
    ) -> Int {
        guard depth > 0 else { return 0 }
        value += depth
        return depth + add(countdownFrom: depth - 1, to: &value)
    }

    public func increment() {
        state.withLock { $0 += 1 }
    }

    public var current: Int { state.withLock { $0 } }
}

// MARK: - What not to do: re-lock a `Mutex` (it traps)

nonisolated extension SynchronizedCounter {
    /// The legacy recursion kept as it was, with `Mutex` for the lock: the
    /// second `withLock` on the same thread traps at once.
    public static func recurseUnderMutex(
        depth: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let sum = SynchronizedCounter().relock(depth: depth, log: log)
        log("never printed: the sum is \(sum)")
    }

    private func relock(depth: Int, log: @Sendable (String) -> Void) -> Int {
        log("locking at depth \(depth)")
        return state.withLock { value in
            guard depth > 0 else { return 0 }
            value += depth
            return depth + relock(depth: depth - 1, log: log)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SynchronizedCounter {
    /// `tasks` tasks increment `times` times each; returns the total.
    @concurrent
    public static func incrementConcurrently(
        tasks: Int, times: Int
    ) async -> Int {
        let counter = SynchronizedCounter()
        await withDiscardingTaskGroup { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<times { counter.increment() }
                }
            }
        }
        return counter.current
    }
}
