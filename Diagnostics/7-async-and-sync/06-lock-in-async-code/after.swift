import Synchronization

/// The lock is held only inside the closure, which can't suspend.
nonisolated final class Inventory: Sendable {
    private let stock = Mutex(10)

    func reserve() async -> Bool {
        stock.withLock { stock in
            guard stock > 0 else { return false }
            stock -= 1
            return true
        }
    }
}
