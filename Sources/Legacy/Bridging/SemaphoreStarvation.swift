import Foundation

/// Eight blocks wait on a semaphore for a signal that a ninth block sends.
///
/// Each waiter holds a thread while it waits, and GCD answers by running the
/// signaller on another thread, so the signal arrives and all eight are
/// released: the price is a blocked thread per waiter. A serial queue (the
/// signaller's here, as a callback's queue would be) gets a thread whenever it
/// has work. The global queues are stingier on Linux: while all their threads
/// are blocked they add one only about once a second, so with the ninth block
/// on the global queue too the same code takes seconds (6.5 s on 2 cores).
public enum SemaphoreStarvation {
    /// Runs the eight waiters and the signaller; `done` gets, per waiter,
    /// whether it was released (false: its `timeout` passed first).
    public static func waitersAndASignaller(
        waiters: Int = 8,
        timeout: Duration? = nil,
        done: @escaping @Sendable (_ released: [Bool]) -> Void
    ) {
        let semaphore = DispatchSemaphore(value: 0)
        let results = WaiterResults(count: waiters)
        let group = DispatchGroup()
        for waiter in 0..<waiters {
            DispatchQueue.global().async(group: group) {
                let deadline = timeout.map {
                    DispatchTime.now() + $0.dispatchInterval
                }
                let result = semaphore.wait(timeout: deadline ?? .distantFuture)
                results.set(waiter, released: result == .success)
            }
        }
        DispatchQueue(label: "com.example.signaller").async {
            for _ in 0..<waiters { semaphore.signal() }
        }
        group.notify(queue: .global()) { done(results.all) }
    }

    /// What each waiter saw.
    final class WaiterResults: @unchecked Sendable {
        // `@unchecked Sendable`: `released` is only touched while holding
        // `lock`.
        private let lock = NSLock()
        private var released: [Bool]

        init(count: Int) { released = Array(repeating: false, count: count) }

        func set(_ waiter: Int, released value: Bool) {
            lock.withLock { released[waiter] = value }
        }

        var all: [Bool] { lock.withLock { released } }
    }
}

extension Duration {
    /// The duration as a `DispatchTimeInterval`, to the nanosecond.
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(
            Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

// `DispatchSemaphore` is the legacy signal: `signal()` wakes one waiter or is
// counted for the next `wait()`, and `wait()` blocks its thread until then.

// MARK: - Waiting without a thread

extension SemaphoreStarvation {
    /// The GCD way to wait without blocking: each waiter hands a block to a
    /// group, which runs them all when the signaller leaves it.
    public static func notifiedWaiters(
        waiters: Int = 8,
        log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let signal = DispatchGroup()
        signal.enter()
        let released = DispatchGroup()
        for waiter in 0..<waiters {
            released.enter()
            signal.notify(queue: .global()) {
                log("waiter \(waiter) released")
                released.leave()
            }
        }
        DispatchQueue.global().async { signal.leave() }
        released.notify(queue: .global(), execute: done)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SemaphoreStarvation {
    /// Runs the waiters, then logs each one's fate in waiter order (a child
    /// process shows lines as logged, so they must not depend on timing).
    public static func runWaiters(
        timeout: Duration? = nil,
        log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        waitersAndASignaller(timeout: timeout) { released in
            for (waiter, wasReleased) in released.enumerated() {
                log(
                    "waiter \(waiter) \(wasReleased ? "released" : "timed out")"
                )
            }
            done()
        }
    }
}
