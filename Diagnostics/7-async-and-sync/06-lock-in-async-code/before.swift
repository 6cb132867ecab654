// Check: swift6 rejects
import Foundation

final class Inventory: @unchecked Sendable {
    private let lock = NSLock()
    private var stock = 10

    func reserve() async -> Bool {
        lock.lock()
        // expected-error@-1 {{instance method 'lock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead}}
        defer { lock.unlock() }
        // expected-error@-1 {{instance method 'unlock' is unavailable from asynchronous contexts; Use async-safe scoped locking instead}}
        guard stock > 0 else { return false }
        stock -= 1
        return true
    }
}
