import Synchronization

/// Two values that change together live behind one `Mutex`: a swap takes one
/// lock, so there is no lock order to get wrong.
///
/// The deadlock needs two locks taken in opposite orders. State that must
/// change as a unit belongs in one isolation domain: one `Mutex` over both
/// values (a synchronous API, as here) or one actor. Then `swap(X, Y)` and
/// `swap(Y, X)` are the same operation, and two of them simply run one after
/// the other. `Mutex` also can't be held across an `await`, so no task can
/// suspend while holding it and wait for a second one.
public nonisolated final class Swapper: Sendable {
    private let pair: Mutex<(x: Int, y: Int)>

    public init(x: Int, y: Int) {
        pair = Mutex((x, y))
    }

    /// Exchanges the two values, atomically.
    public func swap() {
        pair.withLock { $0 = ($0.y, $0.x) }
    }

    public var values: (x: Int, y: Int) { pair.withLock { $0 } }
}

// MARK: - The fix: one global lock order

// Nothing to order: there is one lock. Where two separately locked objects
// really must change together, take their `Mutex`es in one global order, as
// the legacy side does; better, move the state into one of them.

// MARK: - Detecting it: a lock with a deadline

// Nothing to detect. `Mutex` has `withLockIfAvailable` (a try-lock) but no
// deadline, and a swap that takes one lock can't deadlock. An actor version
// can't deadlock this way either: it never blocks a thread, though its calls
// can interleave at each `await` (see `actor-reentrancy`).

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension Swapper {
    /// Task 1 and task 2 each swap X = 1 and Y = 2 once, concurrently.
    /// Returns X and Y after both swaps.
    public static func swapFromTwoTasks(
        log: @escaping @Sendable (String) -> Void
    ) async -> (x: Int, y: Int) {
        let pair = Swapper(x: 1, y: 2)
        await withTaskGroup(of: Int.self) { group in
            for task in 1...2 {
                group.addTask {
                    pair.swap()
                    return task
                }
            }
            // Logged in task order, so the page reads the same every run.
            var done: [Int] = []
            for await task in group { done.append(task) }
            for task in done.sorted() { log("task \(task): swap done") }
        }
        let (x, y) = pair.values
        log("X = \(x), Y = \(y)")
        return (x, y)
    }
}
