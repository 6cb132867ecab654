import Foundation

/// Runs an action once calls have stopped for a while: each call cancels the
/// pending work item and schedules a new one, so only the last call's argument
/// gets through.
///
/// The shape apps use for search-as-you-type (anytype's `Debouncer`,
/// NetNewsWire's `CoalescingQueue`): keep the last `DispatchWorkItem`,
/// `cancel()` it, `asyncAfter` a new one. Calls and the action happen on one
/// serial queue (the main queue by default, where UI events arrive), so a
/// cancelled item can't be running: it hasn't started, and the queue skips it.
/// With `maxInterval`, a burst of calls that never pauses still flushes at
/// least that often.
public final class Debouncer<Argument: Sendable>: @unchecked Sendable {
    private let delay: Duration
    private let maxInterval: Duration?
    private let queue: DispatchQueue
    private let action: @Sendable (Argument) -> Void

    // `@unchecked Sendable`: only `queue` touches `pending` and `burstStart`.
    private var pending: DispatchWorkItem?
    private var burstStart: DispatchTime?

    /// `action` runs on `queue`, `delay` after the last call (or `maxInterval`
    /// after the first call of a burst, if that comes sooner).
    public init(
        delay: Duration,
        maxInterval: Duration? = nil,
        queue: DispatchQueue = .main,
        action: @escaping @Sendable (Argument) -> Void
    ) {
        self.delay = delay
        self.maxInterval = maxInterval
        self.queue = queue
        self.action = action
    }

    deinit {
        pending?.cancel()
    }

    /// Replaces any pending call with this one. Call it on `queue`.
    public func call(_ argument: Argument) {
        dispatchPrecondition(condition: .onQueue(queue))
        pending?.cancel()
        let now = DispatchTime.now()
        let start = burstStart ?? now
        burstStart = start
        var deadline = now + delay / .seconds(1)
        if let maxInterval {
            deadline = min(deadline, start + maxInterval / .seconds(1))
        }
        let item = DispatchWorkItem { [weak self] in
            guard let self else { return }
            pending = nil
            burstStart = nil
            action(argument)
        }
        pending = item
        queue.asyncAfter(deadline: deadline, execute: item)
    }

    /// Drops the pending call, if any. Call it on `queue`.
    public func cancel() {
        dispatchPrecondition(condition: .onQueue(queue))
        pending?.cancel()
        pending = nil
        burstStart = nil
    }
}
