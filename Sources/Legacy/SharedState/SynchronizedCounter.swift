import Foundation

/// A per-object critical section that the same thread re-enters:
/// `@synchronized(self)` becomes an `NSRecursiveLock` owned by the object.
///
/// `@synchronized` (`objc_sync_enter`) needs the Objective-C runtime, which
/// Linux does not have. Its Swift form is a lock per object, and it must be a
/// *recursive* lock: `add(countdownFrom:)` locks, then calls itself, which
/// locks again on the same thread. An `NSRecursiveLock` counts the nested
/// locks and lets the thread in; a plain `NSLock` would wait for itself
/// forever (see the next section).
public final class SynchronizedCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is only read and written while holding
    // `lock`.
    private let lock = NSRecursiveLock()
    private var value = 0

    public init() {}

    /// Adds `depth`, `depth - 1`, … 1, re-locking at every level; returns the
    /// sum added (15 for a depth of 5).
    public func add(countdownFrom depth: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard depth > 0 else { return 0 }
        value += depth
        return depth + add(countdownFrom: depth - 1)
    }

    public func increment() {
        lock.withLock { value += 1 }
    }

    public var current: Int { lock.withLock { value } }
}

// MARK: - What not to do: re-lock a plain `NSLock` (it hangs)

extension SynchronizedCounter {
    /// The same recursion behind an `NSLock`: the second `lock()`, on the
    /// thread that already holds it, never returns.
    public static func recurseUnderNSLock(
        depth: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let lock = NSLock()
        func add(countdownFrom depth: Int) -> Int {
            log("locking at depth \(depth)")
            lock.lock()
            defer { lock.unlock() }
            guard depth > 0 else { return 0 }
            return depth + add(countdownFrom: depth - 1)
        }
        log("never printed: the sum is \(add(countdownFrom: depth))")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SynchronizedCounter {
    /// `threads` threads increment `times` times each; returns the total.
    public static func incrementConcurrently(
        threads: Int, times: Int
    ) -> Int {
        let counter = SynchronizedCounter()
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                for _ in 0..<times { counter.increment() }
                done.leave()
            }.start()
        }
        done.wait()
        return counter.current
    }
}
