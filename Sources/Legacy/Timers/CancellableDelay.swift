import Foundation

/// Delayed work that can be called off: a `DispatchWorkItem` submitted with
/// `asyncAfter`.
///
/// A plain closure given to `asyncAfter` can't be cancelled. Wrapped
/// in a `DispatchWorkItem` it can: `cancel()` marks the item, and the queue
/// skips it when its time comes. That only helps before the item starts:
/// `cancel()` never interrupts a running block, and nothing tells the caller
/// whether the block ran.
public enum CancellableDelay {
    /// Runs `action` on `queue` after `delay`, unless the returned item is
    /// cancelled first.
    public static func schedule(
        after delay: Duration,
        on queue: DispatchQueue = .main,
        action: @escaping @Sendable () -> Void
    ) -> DispatchWorkItem {
        let item = DispatchWorkItem(block: action)
        queue.asyncAfter(deadline: .now() + delay / .seconds(1), execute: item)
        return item
    }
}
