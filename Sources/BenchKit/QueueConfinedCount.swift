/// A count that only the blocks of one serial queue touch, as legacy code keeps its state.
///
/// `@unchecked Sendable`: the queue, not the type, keeps the accesses apart; the benchmark's
/// delivery row hands it to the blocks it submits and reads it with a final `sync`.
final class QueueConfinedCount: @unchecked Sendable {
    var value = 0
}
