import Foundation

/// The classic `swap(A, B)`: lock A, then lock B, then exchange the values.
///
/// Each value has its own `NSLock`, and `swap` takes the lock of its first
/// argument before the lock of its second. Alone it is fine. But thread 1 runs
/// `swap(X, Y)` while thread 2 runs `swap(Y, X)`: thread 1 holds X's lock and
/// waits for Y's, thread 2 holds Y's and waits for X's, and neither lock is
/// ever released. Nothing detects it; both threads hang for good.
public enum Swapper {
    /// The classic swap. `whileHoldingFirst` runs with the first lock held:
    /// any work there widens the window in which the other thread can take
    /// its first lock (the driver passes a gate, so the deadlock is certain).
    public static func swap(
        _ a: LockedValue, _ b: LockedValue,
        whileHoldingFirst: () -> Void = {}
    ) {
        a.lock.lock()
        defer { a.lock.unlock() }
        whileHoldingFirst()
        b.lock.lock()
        defer { b.lock.unlock() }
        (a.value, b.value) = (b.value, a.value)
    }
}

/// A value guarded by its own lock, as in the classic example.
public final class LockedValue: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is read and written only while holding
    // `lock`.
    let lock = NSLock()
    var value: Int

    public init(_ value: Int) { self.value = value }

    public var current: Int { lock.withLock { value } }
}

// MARK: - The fix: one global lock order

extension Swapper {
    /// Takes the two locks in one order that every caller agrees on (here the
    /// objects' identities), whatever the argument order: `swap(X, Y)` and
    /// `swap(Y, X)` both lock the same lock first, so neither can hold the
    /// lock the other already waits for.
    public static func orderedSwap(
        _ a: LockedValue, _ b: LockedValue,
        whileHoldingFirst: () -> Void = {}
    ) {
        guard a !== b else { return }  // an NSLock locked twice hangs
        let (first, second) =
            ObjectIdentifier(a) < ObjectIdentifier(b) ? (a, b) : (b, a)
        first.lock.lock()
        defer { first.lock.unlock() }
        whileHoldingFirst()
        second.lock.lock()
        defer { second.lock.unlock() }
        (a.value, b.value) = (b.value, a.value)
    }
}

// MARK: - Detecting it: a lock with a deadline

extension Swapper {
    /// The classic swap with a deadline on the second lock: `lock(before:)`
    /// returns `false` if the lock is still taken when `timeout` has passed.
    /// The caller then knows it may be in a deadlock, has changed nothing, and
    /// has released its first lock, so the other thread can go on.
    public static func trySwap(
        _ a: LockedValue, _ b: LockedValue, timeout: TimeInterval,
        whileHoldingFirst: () -> Void = {}
    ) -> Bool {
        a.lock.lock()
        defer { a.lock.unlock() }
        whileHoldingFirst()
        guard b.lock.lock(before: Date(timeIntervalSinceNow: timeout)) else {
            return false
        }
        defer { b.lock.unlock() }
        (a.value, b.value) = (b.value, a.value)
        return true
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension Swapper {
    /// How a driver's swap is called: the two values and the gate.
    public typealias SwapCall =
        @Sendable (
            LockedValue, LockedValue, _ whileHoldingFirst: () -> Void
        ) -> Void

    /// Thread 1 runs `swap(X, Y)` and thread 2 `swap(Y, X)`, with X = 1 and
    /// Y = 2. Each, once it holds its first lock, waits for the other to hold
    /// its first lock too: for ever when `gateTimeout` is nil (so the classic
    /// swap deadlocks every time, not by luck), else at most `gateTimeout`
    /// (with one lock order the other thread can't get there). Returns X and
    /// Y after both swaps, if they finish.
    public static func swapOnTwoThreads(
        gateTimeout: Duration?,
        log: @escaping @Sendable (String) -> Void,
        using swapCall: @escaping SwapCall
    ) -> (x: Int, y: Int) {
        let x = LockedValue(1)
        let y = LockedValue(2)
        let holding = [
            DispatchSemaphore(value: 0), DispatchSemaphore(value: 0),
        ]
        // Thread 2 logs after thread 1 when they deadlock, so the page's
        // transcript is the same every run.
        let firstLogged = DispatchSemaphore(value: 0)
        let bothDone = DispatchGroup()
        let calls = [(x, y, "X", "Y"), (y, x, "Y", "X")]
        for (index, (a, b, aName, bName)) in calls.enumerated() {
            let name = "thread \(index + 1)"
            bothDone.enter()
            Thread {
                swapCall(a, b) {
                    if index == 1 && gateTimeout == nil { firstLogged.wait() }
                    log("\(name): holds a lock, reaching for the other")
                    if index == 0 { firstLogged.signal() }
                    holding[index].signal()
                    let other = holding[1 - index]
                    if let gateTimeout {
                        _ = other.wait(timeout: .now() + gateTimeout.dispatch)
                    } else {
                        other.wait()
                    }
                }
                log("\(name): swap(\(aName), \(bName)) done")
                bothDone.leave()
            }.start()
        }
        bothDone.wait()
        log("X = \(x.current), Y = \(y.current)")
        return (x.current, y.current)
    }
}

extension Duration {
    /// The duration as a `DispatchTimeInterval`.
    fileprivate var dispatch: DispatchTimeInterval {
        .nanoseconds(
            Int(components.seconds) * 1_000_000_000
                + Int(components.attoseconds / 1_000_000_000))
    }
}
