import Synchronization

/// The condition becomes a `Mutex` that guards the state and one
/// continuation per waiter.
///
/// `set` is synchronous, like the `broadcast()` it replaces: a socket
/// callback or a delegate method calls it without `await`, and two calls
/// from one thread take effect in the order they were made. (An actor's
/// `set` would need `await`, and `Task { await status.set(…) }` from
/// synchronous code reaches the actor in any order: `.connecting` could land
/// after `.connected`.) Under the lock, `set` removes every waiter whose
/// state it is, and resumes them after unlocking: a waiter sees the state it
/// asked for even if the next `set` replaces it at once, and no predicate
/// loop is needed, because nothing wakes a waiter but its own state. A waiter
/// is removed from `waiters` before its continuation is resumed, on every
/// path (state reached, cancelled, timed out), so each continuation is
/// resumed exactly once and none is left behind. Waiters of one state all
/// resume together, in no promised order; a waiter suspends, never blocks a
/// thread; `set` never waits for them.
public nonisolated final class ConnectionStatus: Sendable {
    public enum State: String, Sendable {
        case disconnected, connecting, connected
    }

    /// Thrown by `wait(for:timeout:clock:)` when the deadline comes first.
    public struct TimedOut: Error {}

    private struct Waiter {
        let wanted: State
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Guarded {
        var state = State.disconnected
        var waiters: [Int: Waiter] = [:]
        var nextID = 0
    }

    private let guarded = Mutex(Guarded())

    public init() {}

    /// Changes the state and resumes every waiter that wanted it.
    public func set(_ newState: State) {
        let ready = guarded.withLock { guarded in
            guarded.state = newState
            let ready = guarded.waiters.filter { $0.value.wanted == newState }
            for id in ready.keys { guarded.waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// How many callers are suspended in `wait`.
    public var waiting: Int { guarded.withLock { $0.waiters.count } }
}

// MARK: - Waiting: a continuation, withdrawn on cancellation

nonisolated extension ConnectionStatus {
    /// Suspends until the state is `wanted`; throws `CancellationError` if
    /// the caller is cancelled first (and leaves no continuation behind).
    public func wait(for wanted: State) async throws {
        let id = guarded.withLock { guarded in
            defer { guarded.nextID += 1 }
            return guarded.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = guarded.withLock {
                    guarded -> Result<Void, any Error>? in
                    if guarded.state == wanted { return .success(()) }
                    // Cancelled before this lock: `onCancel` found nothing
                    // to withdraw, so resume here.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    guarded.waiters[id] = Waiter(
                        wanted: wanted, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            // Runs on the cancelling thread, at once. Cancelled after the
            // lock above, it finds the continuation stored and withdraws it.
            let withdrawn = guarded.withLock {
                $0.waiters.removeValue(forKey: id)
            }
            withdrawn?.continuation.resume(throwing: CancellationError())
        }
    }
}

// MARK: - A deadline: race the wait against an injected clock

nonisolated extension ConnectionStatus {
    /// Like `wait(for:)`, but throws `TimedOut` once `timeout` has passed on
    /// `clock`. The loser of the race is cancelled, so a timed-out waiter is
    /// withdrawn like a cancelled one before this returns.
    public func wait<C: Clock>(
        for wanted: State, timeout: Duration,
        clock: C = ContinuousClock()
    ) async throws where C.Duration == Duration {
        if guarded.withLock({ $0.state == wanted }) { return }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.wait(for: wanted) }
            group.addTask {
                try await clock.sleep(for: timeout)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ConnectionStatus {
    /// `waiters` tasks wait for `.connected`; once all are suspended, the
    /// state goes `.connecting`, then `.connected`. Logs each waiter's
    /// outcome in waiter order once all have finished.
    public static func connect(
        waiters: Int, timeout: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let status = ConnectionStatus()
        let outcomes = await withTaskGroup(of: (Int, String).self) { group in
            for index in 0..<waiters {
                group.addTask {
                    do {
                        try await status.wait(for: .connected, timeout: timeout)
                        return (index, "resumed")
                    } catch {
                        return (index, "timed out")
                    }
                }
            }
            while status.waiting < waiters { await Task.yield() }
            status.set(.connecting)
            status.set(.connected)
            var outcomes = Array(repeating: "", count: waiters)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        for (index, outcome) in outcomes.enumerated() {
            log("waiter \(index + 1): \(outcome)")
        }
    }

    /// One waiter, and no change: it times out.
    public static func timeOut(
        after timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let status = ConnectionStatus()
        do {
            try await status.wait(for: .connected, timeout: timeout)
            log("waiter: resumed")
        } catch {
            log("waiter: timed out")
        }
    }
}
