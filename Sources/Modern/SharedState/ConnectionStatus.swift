/// The condition becomes an actor that holds the state and one continuation
/// per waiter.
///
/// `set` resumes, in the same actor turn, every waiter whose state it is: a
/// waiter sees the state it asked for even if the next `set` replaces it at
/// once, and no predicate loop is needed, because nothing wakes a waiter but
/// its own state. A waiter is removed from `waiters` before its continuation
/// is resumed, on every path (state reached, cancelled, timed out), so each
/// continuation is resumed exactly once and none is left behind. Waiters of
/// one state all resume together, in no promised order; a waiter suspends,
/// never blocks a thread; `set` never waits for them.
public actor ConnectionStatus {
    public enum State: String, Sendable {
        case disconnected, connecting, connected
    }

    /// Thrown by `wait(for:timeout:clock:)` when the deadline comes first.
    public struct TimedOut: Error {}

    private var state = State.disconnected
    private var waiters:
        [Int: (
            wanted: State, continuation: CheckedContinuation<Void, any Error>
        )] =
            [:]
    private var nextID = 0

    public init() {}

    /// Changes the state and resumes every waiter that wanted it.
    public func set(_ newState: State) {
        state = newState
        for (id, waiter) in waiters where waiter.wanted == newState {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// How many callers are suspended in `wait`.
    public var waiting: Int { waiters.count }
}

// MARK: - Waiting: a continuation, withdrawn on cancellation

extension ConnectionStatus {
    /// Suspends until the state is `wanted`; throws `CancellationError` if
    /// the caller is cancelled first (and leaves no continuation behind).
    public func wait(for wanted: State) async throws {
        if state == wanted { return }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = (wanted, continuation)
                }
            }
        } onCancel: {
            // Runs on the cancelling thread: hop onto the actor. It gets
            // there after the continuation is stored (the actor is busy
            // until then) or after `set` resumed it (then there is nothing
            // left to remove).
            Task { await self.withdraw(id) }
        }
    }

    private func withdraw(_ id: Int) {
        waiters.removeValue(forKey: id)?.continuation.resume(
            throwing: CancellationError())
    }
}

// MARK: - A deadline: race the wait against an injected clock

extension ConnectionStatus {
    /// Like `wait(for:)`, but throws `TimedOut` once `timeout` has passed on
    /// `clock`. The loser of the race is cancelled, so a timed-out waiter is
    /// withdrawn like a cancelled one before this returns.
    public func wait<C: Clock>(
        for wanted: State, timeout: Duration,
        clock: C = ContinuousClock()
    ) async throws where C.Duration == Duration {
        if state == wanted { return }
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
            while await status.waiting < waiters { await Task.yield() }
            await status.set(.connecting)
            await status.set(.connected)
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
