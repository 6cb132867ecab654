/// Races several probes in one task group, one of them preferred: the
/// preferred result wins unless another probe answers first and the preferred
/// one does not follow within a grace period.
///
/// Connection racing (Happy Eyeballs: IPv6 before IPv4) and a primary server
/// raced against a mirror have this shape. One throwing task group runs every
/// probe as a child and, once another probe has succeeded, a grace timer as
/// one more child that sleeps on the injected clock. The parent takes the
/// children's outcomes in the order they finish and decides. When it returns
/// or throws, the group cancels the children still running (the losers and
/// the timer) and waits for them: nothing is delivered twice and nothing runs
/// on after the call. The cost: a loser that ignores cancellation delays the
/// return (the last section wraps such a probe).
public nonisolated enum PreferredWinnerRace {
    /// Runs `preferred` and `others` at once, each in a child task off the
    /// caller's actor (`@concurrent`). Returns the preferred result if
    /// it comes first or within `grace` of the first other success, else that
    /// other success; once the preferred probe has failed, the first other
    /// success wins at once. Throws the preferred probe's error when every
    /// probe fails, and `CancellationError` when the caller is cancelled.
    public static func race<Value: Sendable>(
        preferred: @escaping @concurrent @Sendable () async throws -> Value,
        others: [@concurrent @Sendable () async throws -> Value],
        grace: Duration,
        clock: some Clock<Duration> = ContinuousClock()
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Finished<Value>.self) { group in
            group.addTask { .preferred(await outcome(of: preferred)) }
            for other in others {
                group.addTask { .other(await outcome(of: other)) }
            }
            defer { group.cancelAll() }  // the losers, once the winner is known
            var fallback: Value?  // the first other success
            var preferredError: (any Error)?
            while let finished = try await group.next() {
                try Task.checkCancellation()
                switch finished {
                case .preferred(.success(let value)):
                    return value
                case .preferred(.failure(let error)):
                    if let fallback { return fallback }  // no need to wait
                    preferredError = error
                case .other(.success(let value)):
                    if preferredError != nil { return value }
                    guard fallback == nil else { continue }
                    fallback = value
                    group.addTask {
                        try await clock.sleep(for: grace)
                        return .graceOver
                    }
                case .other(.failure):
                    continue
                case .graceOver:
                    if let fallback { return fallback }
                }
            }
            // Every probe failed (the timer starts only after a success).
            throw preferredError ?? CancellationError()
        }
    }

    /// What a child of the race reports.
    private nonisolated enum Finished<Value: Sendable>: Sendable {
        case preferred(Result<Value, any Error>)
        case other(Result<Value, any Error>)
        case graceOver
    }

    private static func outcome<Value>(
        of probe: () async throws -> Value
    ) async -> Result<Value, any Error> {
        do {
            return .success(try await probe())
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - Starting and cancelling: the group does both

// One `addTask` per probe starts them all. `group.cancelAll()` in the `defer`
// cancels the losers and the grace timer as the parent returns or throws, and
// the group waits for them. Cancelling the caller's task cancels the group:
// there is no `cancel()` to call and no handle to keep.

// MARK: - Deciding: in the parent, one `next()` at a time

// The parent takes the children's outcomes one at a time, in the order they
// finish, so its locals (`fallback`, `preferredError`) need no queue and no
// lock, and a `return` is the only decision: no `done` flag, and nothing can
// answer after it.

// MARK: - Or for a probe that ignores cancellation: stop waiting for it

nonisolated extension PreferredWinnerRace {
    /// Wraps a probe that can't be cancelled, so that the race need not wait
    /// for it once it has lost.
    ///
    /// The probe runs in a task of its own, and the wrapper waits on a stream
    /// that the probe's result feeds: a wait that ends as soon as the race
    /// cancels it. The probe then runs on, unobserved, to its end, holding
    /// whatever it holds (a socket, a request). Prefer a probe that stops when
    /// cancelled: one that awaits cancellation-aware calls, or a callback API
    /// bridged with `withTaskCancellationHandler` that cancels it
    /// (`connect-timeout`).
    public static func abandoningOnCancel<Value: Sendable>(
        _ probe: @escaping @concurrent @Sendable () async throws -> Value
    ) -> @concurrent @Sendable () async throws -> Value {
        {
            // One result, at most one element buffered.
            let (results, result) = AsyncStream.makeStream(
                of: Result<Value, any Error>.self)
            Task {
                do {
                    result.yield(.success(try await probe()))
                } catch {
                    result.yield(.failure(error))
                }
            }
            for await outcome in results { return try outcome.get() }
            throw CancellationError()  // the race cancelled the wait
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

// Only the driver's probe needs it; the pattern does not.
// swift-format-ignore: OrderedImports
import Synchronization

/// A probe for the page's driver and the tests: it answers when told to. If
/// it is cancelled first, it logs so and throws `CancellationError`, unless it
/// ignores cancellation, in which case it still waits for its answer.
public nonisolated final class HeldProbe: Sendable {
    public let name: String
    private let ignoresCancellation: Bool
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    private struct State {
        var answer: Result<String, any Error>?
        var waiter: CheckedContinuation<String, any Error>?
        var cancelled = false
        var finished = false
    }

    public init(
        _ name: String, ignoresCancellation: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.name = name
        self.ignoresCancellation = ignoresCancellation
        self.log = log
    }

    /// Whether the race cancelled this probe before it had its answer.
    public var wasCancelled: Bool { state.withLock { $0.cancelled } }

    /// Whether `run()` has returned or thrown.
    public var hasFinished: Bool { state.withLock { $0.finished } }

    /// The probe: waits for `answer(_:)`, or for the race's cancel.
    public func run() async throws -> String {
        defer { state.withLock { $0.finished = true } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter in
                let answer = state.withLock { state in
                    if state.answer == nil { state.waiter = waiter }
                    return state.answer
                }
                if let answer { waiter.resume(with: answer) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Answers the probe; an answer after a cancel that ended it is dropped.
    public func answer(_ answer: Result<String, any Error>) {
        let waiter = state.withLock { state in
            guard state.answer == nil else { return nil as Waiter? }
            state.answer = answer
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: answer)
    }

    private typealias Waiter = CheckedContinuation<String, any Error>

    private func cancel() {
        let (seen, waiter) = state.withLock { state -> (Bool, Waiter?) in
            guard state.answer == nil else { return (false, nil) }
            state.cancelled = true
            guard !ignoresCancellation else { return (true, nil) }
            state.answer = .failure(CancellationError())
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        guard seen else { return }
        log(
            ignoresCancellation
                ? "\(name) ignores the cancel" : "\(name) cancelled")
        waiter?.resume(throwing: CancellationError())
    }
}
