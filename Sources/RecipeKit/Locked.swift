import Foundation

/// A value behind an `NSLock`, for the catalog's and the tests' own bookkeeping.
///
/// Recipe code uses `Synchronization.Mutex`, which is what we would ship. The glue around it
/// uses this instead for one reason: on Linux a contended `Mutex` hands the lock over inside the
/// kernel (a priority-inheritance futex), where ThreadSanitizer cannot see it, so every contended
/// `Mutex` looks like a data race to the CI's sanitizer run. `NSLock` is a `pthread_mutex`,
/// which ThreadSanitizer understands.
public final class Locked<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: every access to `value` holds `lock`.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
