import Synchronization

/// The semaphore used as a lock becomes a `Mutex`: a lock with an owner.
///
/// `withLock` takes the lock and releases it when its closure returns, on the
/// same thread, so no other code can release it and there is no permit to
/// count twice. On Linux a contended `Mutex` waits in a priority-inheritance
/// futex: the kernel knows which thread holds it and can raise that thread's
/// priority for a higher-priority waiter, which it cannot do for a
/// semaphore. The class is `Sendable` with no `@unchecked`: the compiler lets
/// `count` be reached only inside `withLock`.
public nonisolated final class SemaphoreCounter: Sendable {
    private let count = Mutex(0)

    public init() {}

    public func increment() { count.withLock { $0 += 1 } }

    public var value: Int { count.withLock { $0 } }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SemaphoreCounter {
    /// `tasks` child tasks each call `increment()` `increments` times; returns
    /// the final count once every task has finished.
    public static func count(
        tasks: Int = 4, increments: Int = 10_000
    ) async
        -> Int
    {
        let counter = SemaphoreCounter()
        await withDiscardingTaskGroup { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments { counter.increment() }
                }
            }
        }
        return counter.value
    }
}
