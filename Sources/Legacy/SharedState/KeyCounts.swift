import Foundation

/// A counted dictionary behind a concurrent isolation queue: reads run side by
/// side with `sync`, and the setter is an `async` barrier that removes a key
/// whose count drops to 0.
///
/// The barrier waits for the reads in progress, runs alone, and lets the queue
/// go on. It is `async`, as the classic code advises for every barrier: the
/// caller does not wait for the write, and a barrier `sync` from a read block
/// already on this queue would wait for that block, which waits for it: a
/// hang that libdispatch does not detect. (A plain `sync` from inside a
/// barrier block traps instead.) A `sync` read submitted after a set still
/// sees it, because the queue starts the read only once the barrier before it
/// has finished.
public final class KeyCounts: @unchecked Sendable {
    // `@unchecked Sendable`: `counts` is written only in barrier blocks on
    // `isolationQueue`, and read only with `isolationQueue.sync`.
    private let isolationQueue = DispatchQueue(
        label: "com.example.KeyCounts.isolation", attributes: .concurrent)
    private var counts: [String: Int] = [:]

    public init() {}

    public func setCount(_ count: Int, forKey key: String) {
        isolationQueue.async(flags: .barrier) {
            if count == 0 {
                self.counts.removeValue(forKey: key)
            } else {
                self.counts[key] = count
            }
        }
    }

    public func count(forKey key: String) -> Int? {
        isolationQueue.sync { counts[key] }
    }

    public var allCounts: [String: Int] { isolationQueue.sync { counts } }
}

// MARK: - Read-modify-write: one barrier block

extension KeyCounts {
    /// Adds one to a key's count in a single barrier block: no other write
    /// lands between the read and the write.
    public func increment(forKey key: String) {
        isolationQueue.async(flags: .barrier) {
            self.counts[key, default: 0] += 1
        }
    }
}

// MARK: - What not to do: a barrier `sync` from inside the queue

extension KeyCounts {
    /// The mistake: read in a `sync` block, then write with a barrier `sync`
    /// from inside it. The barrier waits for the running block, which waits
    /// for the barrier: a deadlock that libdispatch does not detect, so the
    /// thread hangs. Run only in a child process.
    public func incrementWithANestedBarrier(
        forKey key: String, log: @escaping @Sendable (String) -> Void
    ) {
        isolationQueue.sync {
            let count = counts[key] ?? 0
            log("read \(key) = \(count), barrier sync from inside the queue")
            isolationQueue.sync(flags: .barrier) { counts[key] = count + 1 }
        }
        log("never printed: the barrier waits for the block that waits for it")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension KeyCounts {
    /// Sets `a` to 3 and `b` to 5, then `a` to 0, logging the counts after
    /// each step.
    public static func setAndRemove(log: @escaping @Sendable (String) -> Void) {
        let counts = KeyCounts()
        for (key, count) in [("a", 3), ("b", 5), ("a", 0)] {
            counts.setCount(count, forKey: key)
            log("set \(key) = \(count): \(describe(counts.allCounts))")
        }
    }

    /// `setters` blocks on a global queue set keys `k0`, `k1`, … at once;
    /// then one read. `completion` gets what it saw.
    public static func concurrentSetters(
        _ setters: Int,
        completion: @escaping @Sendable ([String: Int]) -> Void
    ) {
        let counts = KeyCounts()
        let everyone = DispatchGroup()
        for index in 0..<setters {
            DispatchQueue.global().async(group: everyone) {
                counts.setCount(index + 1, forKey: "k\(index)")
            }
        }
        everyone.notify(queue: .global()) { completion(counts.allCounts) }
    }

    /// `callers` blocks on a global queue call `increment(forKey: "hits")`
    /// `times` times each; then one read.
    public static func concurrentIncrements(
        callers: Int, times: Int,
        completion: @escaping @Sendable (Int?) -> Void
    ) {
        let counts = KeyCounts()
        let everyone = DispatchGroup()
        for _ in 0..<callers {
            DispatchQueue.global().async(group: everyone) {
                for _ in 0..<times { counts.increment(forKey: "hits") }
            }
        }
        everyone.notify(queue: .global()) {
            completion(counts.count(forKey: "hits"))
        }
    }

    /// The counts as `a = 1, b = 2`, sorted by key.
    public static func describe(_ counts: [String: Int]) -> String {
        let pairs = counts.sorted { $0.key < $1.key }.map { "\($0) = \($1)" }
        return pairs.isEmpty ? "(empty)" : pairs.joined(separator: ", ")
    }
}
