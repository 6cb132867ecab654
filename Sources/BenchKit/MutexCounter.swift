import Synchronization

/// The modern shared counter: an `Int` inside a `Mutex`.
///
/// `Mutex` is `Sendable` and not copyable, so it lives in a final class that is `Sendable` without
/// any promise: the compiler checks it.
final class MutexCounter: Sendable {
    private let value = Mutex(0)

    /// Adds one under the lock.
    func increment() {
        value.withLock { $0 &+= 1 }
    }

    /// The count so far.
    var count: Int {
        value.withLock { $0 }
    }
}
