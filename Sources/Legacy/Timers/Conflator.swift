import Foundation

/// Feeds a slow sink the newest value, one send at a time: a lock, a pending
/// value and a busy flag, drained on a serial queue.
///
/// The shape apps use to drive a slow device or view from a fast stream
/// (a brightness slider, a progress bar, sensor readings): a lock-protected
/// `pending` value and an `isSending` flag, and a serial queue that drains:
/// send, take `pending`, send, until nothing is pending. The first value goes
/// straight to the drain, so the sink always sees it. The producer never
/// waits: `submit` only swaps the pending value. A send in progress always runs
/// to the end, even after `cancel()`.
public final class Conflator<Value: Sendable>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let send: @Sendable (Value) -> Void
    private let idle = DispatchGroup()

    // `@unchecked Sendable`: `lock` protects the three below.
    private let lock = NSLock()
    private var pending: Value?
    private var isSending = false
    private var isClosed = false

    /// `send` runs on `queue`, one value at a time.
    public init(
        queue: DispatchQueue = DispatchQueue(label: "conflator"),
        send: @escaping @Sendable (Value) -> Void
    ) {
        self.queue = queue
        self.send = send
    }

    /// Sends `value` now if idle, else makes it the pending value (dropping
    /// the one it replaces). Returns `false` once cancelled.
    @discardableResult
    public func submit(_ value: Value) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return false }
        guard !isSending else {
            pending = value
            return true
        }
        isSending = true
        idle.enter()
        queue.async { self.drain(first: value) }
        return true
    }
}

// MARK: - Cancelling, and the drain loop on the serial queue

extension Conflator {
    /// Stops taking values and drops the pending one.
    public func cancel() {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        pending = nil
    }

    /// Calls `done` on `queue` once no send is in progress or pending.
    public func notifyWhenIdle(
        queue: DispatchQueue = .global(),
        _ done: @escaping @Sendable () -> Void
    ) {
        idle.notify(queue: queue, execute: done)
    }

    private func drain(first: Value) {
        var next: Value? = first
        while let value = next {
            send(value)
            lock.lock()
            next = pending
            pending = nil
            isSending = next != nil
            lock.unlock()
        }
        idle.leave()
    }
}
