import Foundation

/// Park a thread on an `NSCondition` until a shared state is reached, or a
/// deadline passes.
///
/// The setter changes the state and wakes every waiter with `broadcast()`
/// (`signal()` would wake one, and waiters for different states would miss
/// it). Each waiter re-checks its predicate in a loop: `wait` may return with
/// nothing changed (a spurious wake-up), or after a change to another state,
/// and a `broadcast()` sent before anyone waits is not remembered; the state
/// is. `wait(until:)` returns `false` at the deadline. A parked thread can't
/// be cancelled: it leaves when the state comes or the deadline passes.
public final class ConnectionStatus: @unchecked Sendable {
    // `@unchecked Sendable`: `state` is only touched while holding `condition`.
    public enum State: String, Sendable {
        case disconnected, connecting, connected
    }

    private let condition = NSCondition()
    private var state = State.disconnected

    public init() {}

    /// Changes the state and wakes every waiter.
    public func set(_ newState: State) {
        condition.lock()
        state = newState
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until the state is `wanted` (returns `true`)
    /// or `timeout` has passed (returns `false`).
    public func wait(for wanted: State, timeout: Duration) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout / .seconds(1))
        condition.lock()
        defer { condition.unlock() }
        while state != wanted {
            if !condition.wait(until: deadline) {
                return state == wanted  // timed out (unless it just came)
            }
        }
        return true
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ConnectionStatus {
    /// `waiters` threads wait for `.connected`; once all are parked (or
    /// about to be), the state goes `.connecting`, then `.connected`. Logs
    /// each waiter's outcome in waiter order once all have finished.
    public static func connect(
        waiters: Int, timeout: Duration,
        log: @escaping @Sendable (String) -> Void
    ) {
        let status = ConnectionStatus()
        let outcomes = Outcomes(count: waiters)
        let started = DispatchGroup()
        let finished = DispatchGroup()
        for index in 0..<waiters {
            started.enter()
            finished.enter()
            Thread {
                started.leave()
                let reached = status.wait(for: .connected, timeout: timeout)
                outcomes.set(index, reached ? "resumed" : "timed out")
                finished.leave()
            }.start()
        }
        started.wait()
        status.set(.connecting)
        status.set(.connected)
        finished.wait()
        for (index, outcome) in outcomes.all.enumerated() {
            log("waiter \(index + 1): \(outcome)")
        }
    }

    /// One waiter, and no change: it times out.
    public static func timeOut(
        after timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let status = ConnectionStatus()
        let reached = status.wait(for: .connected, timeout: timeout)
        log(reached ? "waiter: resumed" : "waiter: timed out")
    }

    /// Each waiter's outcome, by index.
    final class Outcomes: @unchecked Sendable {
        // `@unchecked Sendable`: `values` is only touched holding `lock`.
        private let lock = NSLock()
        private var values: [String]
        init(count: Int) { values = Array(repeating: "", count: count) }
        func set(_ index: Int, _ value: String) {
            lock.withLock { values[index] = value }
        }
        var all: [String] { lock.withLock { values } }
    }
}
