import Synchronization

/// A counter that needs no lock: an `Atomic<Int>` bumped with relaxed ordering.
///
/// Relaxed is enough for a count that is only read after the work is joined: the join orders it.
final class AtomicCounter: Sendable {
    private let value = Atomic(0)

    /// Adds one atomically.
    func increment() {
        value.wrappingAdd(1, ordering: .relaxed)
    }

    /// The count so far.
    var count: Int {
        value.load(ordering: .relaxed)
    }
}
