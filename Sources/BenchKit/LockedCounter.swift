import Foundation

/// The legacy shared counter: an `Int` guarded by an `NSLock`.
///
/// `@unchecked Sendable` is the annotation such a class needs in Swift 6: the compiler cannot see
/// that the lock guards `value`, so the class promises it. Every access goes through `increment()`.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Adds one under the lock.
    func increment() {
        lock.lock()
        value &+= 1
        lock.unlock()
    }

    /// The count so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
