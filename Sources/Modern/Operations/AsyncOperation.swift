import Synchronization

/// Work that ends in a callback becomes an `async` function that wraps the
/// callback once, with a continuation.
///
/// There is no state for anyone to watch: the function returns when the
/// callback has come, so the caller's next line is what the dependents and the
/// completion block were, and awaiting it is `waitUntilFinished()`. The
/// wrapper resumes its continuation exactly once on every path. When the task
/// is cancelled, `withTaskCancellationHandler` resumes it at once with
/// `CancellationError` (the cancelled operation that finishes without waiting
/// for its callback), and the callback that comes later finds it resumed.
/// `OneShot` decides which of the two goes first; a checked continuation
/// resumed twice would trap.
public nonisolated enum AsyncOperation {
    /// A callback API: it answers `paramObject` later, on another thread.
    public typealias CallbackAPI =
        @Sendable (
            _ paramObject: Int,
            _ completion: @escaping @Sendable (Int) -> Void
        ) -> Void

    /// The callback API, wrapped: returns its answer, or throws
    /// `CancellationError` as soon as the task is cancelled.
    public static func answer(
        _ paramObject: Int, from request: CallbackAPI
    ) async throws -> Int {
        let oneShot = OneShot()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                oneShot.wait(with: continuation)
                request(paramObject) { oneShot.resume(with: .success($0)) }
            }
        } onCancel: {
            oneShot.resume(with: .failure(CancellationError()))
        }
    }
}

// MARK: - Resuming exactly once

nonisolated extension AsyncOperation {
    /// Hands a continuation exactly one result: the first of the callback's
    /// answer and the cancellation, whichever arrives first (even before the
    /// continuation does).
    nonisolated final class OneShot: Sendable {
        private enum State {
            case idle
            case waiting(CheckedContinuation<Int, any Error>)
            case settled(Result<Int, any Error>)
            case done
        }
        private let state = Mutex(State.idle)

        func wait(with continuation: CheckedContinuation<Int, any Error>) {
            let early: Result<Int, any Error>? = state.withLock { state in
                guard case .settled(let result) = state else {
                    state = .waiting(continuation)
                    return nil
                }
                state = .done
                return result
            }
            if let early { continuation.resume(with: early) }
        }

        func resume(with result: Result<Int, any Error>) {
            let waiting = state.withLock {
                state -> CheckedContinuation<Int, any Error>? in
                switch state {
                case .idle:
                    state = .settled(result)
                    return nil
                case .waiting(let continuation):
                    state = .done
                    return continuation
                case .settled, .done:
                    return nil
                }
            }
            waiting?.resume(with: result)
        }
    }
}

// MARK: - `SimpleOperation`, as an async function; two at once

nonisolated extension AsyncOperation {
    /// The classic `SimpleOperation`: logs `main`, awaits the callback API's
    /// answer, logs it. Cancelled before it starts, it throws before `main`.
    public static func simpleOperation(
        _ paramObject: Int,
        request: CallbackAPI,
        log: @Sendable (String) -> Void
    ) async throws {
        try Task.checkCancellation()
        log("Operation \(paramObject) - main")
        let value = try await answer(paramObject, from: request)
        log("Operation \(paramObject) - Parameter Object = \(value)")
    }

    /// The classic pair, 111 and 222, as child tasks; the line after both is
    /// what the dependent operation was.
    public static func runPair(
        request: @escaping CallbackAPI,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        async let first: Void = simpleOperation(111, request: request, log: log)
        async let second: Void = simpleOperation(
            222, request: request, log: log)
        log("Main thread is here")
        _ = try await (first, second)
        log("Both finished")
    }

    /// A fake callback API: answers `paramObject` after `latency`, from a task
    /// of its own (the same fake as the legacy side's, without Dispatch).
    public static func echo(after latency: Duration) -> CallbackAPI {
        { paramObject, completion in
            Task {
                try? await Task.sleep(for: latency)
                completion(paramObject)
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension AsyncOperation {
    /// Started in a task that is already cancelled: it throws before `main`,
    /// and the line after it still runs.
    public static func runCancelledBeforeStart(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await simpleOperation(
                111, request: echo(after: .zero), log: log)
        }
        let cancelled = (try? await task.value) == nil
        log("Operation 111 - finished, cancelled: \(cancelled)")
    }

    /// Cancelled while it waits for a callback that never comes: the wrapper
    /// throws at once, and the line after it runs.
    public static func runCancelledWhileWaiting(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (requested, signal) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            try await simpleOperation(
                111, request: { _, _ in signal.finish() }, log: log)
        }
        for await _ in requested {}
        task.cancel()
        let cancelled = (try? await task.value) == nil
        log("Operation 111 - finished, cancelled: \(cancelled)")
    }
}
