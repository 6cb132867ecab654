import Synchronization

/// The counted dictionary behind a `Mutex`: the setter and the reads stay
/// synchronous, so no call site changes, and the compiler checks the locking.
///
/// `Mutex<[String: Int]>` replaces the concurrent queue, its barrier and its
/// `sync` reads. Every access holds the lock for one dictionary operation, so
/// reads no longer run side by side; for a lookup that short it costs less
/// than a queue hop. The setter returns once the write is done, where the
/// barrier returned before it ran. An `actor KeyCounts` is the other choice,
/// if callers can `await` and the API may become `async`.
public nonisolated final class KeyCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    public init() {}

    public func setCount(_ count: Int, forKey key: String) {
        counts.withLock { counts in
            counts[key] = count == 0 ? nil : count
        }
    }

    public func count(forKey key: String) -> Int? {
        counts.withLock { $0[key] }
    }

    public var allCounts: [String: Int] { counts.withLock { $0 } }
}

// MARK: - Read-modify-write: one `withLock`

nonisolated extension KeyCounts {
    /// Adds one to a key's count in a single `withLock`: no other write lands
    /// between the read and the write.
    public func increment(forKey key: String) {
        counts.withLock { $0[key, default: 0] += 1 }
    }
}

// MARK: - What not to do: lock again from inside `withLock`

nonisolated extension KeyCounts {
    /// The same mistake with a `Mutex`: calling the setter from inside
    /// `withLock` locks it again. `Mutex` is not recursive, and the second
    /// lock traps at once (SIGILL) instead of hanging. Run only in a child
    /// process.
    public func incrementWithANestedLock(
        forKey key: String, log: @Sendable (String) -> Void
    ) {
        counts.withLock { counts in
            let count = counts[key] ?? 0
            log("read \(key) = \(count), now setCount from inside withLock")
            setCount(count + 1, forKey: key)
        }
        log("never printed: the Mutex traps when locked again")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension KeyCounts {
    /// Sets `a` to 3 and `b` to 5, then `a` to 0, logging the counts after
    /// each step.
    public static func setAndRemove(log: @Sendable (String) -> Void) {
        let counts = KeyCounts()
        for (key, count) in [("a", 3), ("b", 5), ("a", 0)] {
            counts.setCount(count, forKey: key)
            log("set \(key) = \(count): \(describe(counts.allCounts))")
        }
    }

    /// `setters` child tasks set keys `k0`, `k1`, … at once; then one read.
    /// Returns what it saw.
    @concurrent
    public static func concurrentSetters(_ setters: Int) async -> [String: Int]
    {
        let counts = KeyCounts()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<setters {
                group.addTask {
                    counts.setCount(index + 1, forKey: "k\(index)")
                }
            }
        }
        return counts.allCounts
    }

    /// `callers` child tasks call `increment(forKey: "hits")` `times` times
    /// each; then one read.
    @concurrent
    public static func concurrentIncrements(
        callers: Int, times: Int
    ) async -> Int? {
        let counts = KeyCounts()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    for _ in 0..<times { counts.increment(forKey: "hits") }
                }
            }
        }
        return counts.count(forKey: "hits")
    }

    /// The counts as `a = 1, b = 2`, sorted by key.
    public static func describe(_ counts: [String: Int]) -> String {
        let pairs = counts.sorted { $0.key < $1.key }.map { "\($0) = \($1)" }
        return pairs.isEmpty ? "(empty)" : pairs.joined(separator: ", ")
    }
}
