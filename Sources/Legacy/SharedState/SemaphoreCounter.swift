import Foundation

/// A `DispatchSemaphore(value: 1)` used as a lock: `wait()` before the
/// critical section, `signal()` after.
///
/// It works: one permit means one thread inside at a time. But a semaphore
/// is a counter, not a lock. It has no owner, so any thread may `signal()` it
/// (an extra `signal()` makes two permits, and two threads get in), and the
/// kernel cannot tell which thread a waiting high-priority thread is waiting
/// for, so it cannot lend that thread its priority. `count` is guarded by the
/// semaphore, which the compiler cannot see: hence `@unchecked Sendable`.
public final class SemaphoreCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched between `lock.wait()`
    // and `lock.signal()`.
    private let lock = DispatchSemaphore(value: 1)
    private var count = 0

    public init() {}

    public func increment() {
        lock.wait()
        count += 1
        lock.signal()
    }

    public var value: Int {
        lock.wait()
        defer { lock.signal() }
        return count
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SemaphoreCounter {
    /// `threads` threads each call `increment()` `increments` times; returns
    /// the final count once every thread has finished.
    public static func count(
        threads: Int = 4, increments: Int = 10_000
    ) -> Int {
        let counter = SemaphoreCounter()
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread {
                for _ in 0..<increments { counter.increment() }
                finished.leave()
            }.start()
        }
        finished.wait()
        return counter.value
    }
}
