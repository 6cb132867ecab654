/// A connect with a deadline: the connect races a sleep in `withTimeout`, and
/// the loser is cancelled.
///
/// The timer source, its cancel-on-connect and the "already closed?" check of
/// the legacy side all collapse into one call: `withTimeout` returns the
/// connect's result or throws `TimeoutError`, and either way the other child is
/// cancelled and awaited before it returns, so nothing fires afterwards. The
/// weak/strong self dance becomes task lifetime: cancel the calling task and
/// both the connect and the timer stop. The connect must be cancellation-aware
/// (as `Task.sleep` and `URLSession` are), because the task group waits for
/// it: a callback connect is bridged with a cancellation handler that closes
/// the socket (the next section).
public nonisolated enum SocketConnector {
    /// Connects with `open`, giving up after `timeout` with `TimeoutError`;
    /// cancelling the calling task throws `CancellationError`.
    public static func connect(
        timeout: Duration,
        open: @escaping @Sendable () async throws -> Void,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        do {
            try await withTimeout(timeout) { try await open() }
            log("connected")
        } catch where Task.isCancelled {
            // Cancelled, whatever the connect threw: closing the socket fails
            // it with the socket's own error, which may come first.
            log("connect cancelled")
            throw CancellationError()
        } catch let error as TimeoutError {
            log("connect timed out")
            throw error
        } catch let error as CancellationError {
            log("connect cancelled")
            throw error
        } catch {
            log("connect failed: \(error)")
            throw error
        }
    }
}

// MARK: - A callback connect: closing the socket ends it when cancelled

nonisolated extension SocketConnector {
    /// Bridges a callback connect (CocoaAsyncSocket's shape) to `async`, so
    /// that cancelling the calling task closes the socket.
    ///
    /// A plain `withCheckedThrowingContinuation` ignores cancellation: inside
    /// `withTimeout`, the timeout's cancel would not end it, and the task
    /// group would wait for a connect that may never call back. Here the
    /// cancellation handler calls `close`, and the socket then fails the
    /// connect, which resumes the continuation. `start` must call back exactly
    /// once, and a connect started after `close` must fail at once, as one on
    /// a closed descriptor does: a cancel can land between the check and
    /// `start`.
    public static func connect(
        start: (
            _ completion: @escaping @Sendable (Result<Void, any Error>) -> Void
        ) -> Void,
        close: @escaping @Sendable () -> Void
    ) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                start { continuation.resume(with: $0) }
            }
        } onCancel: {
            close()
        }
    }
}

// MARK: - No timer source: `withTimeout` cancels the loser

// `withTimeout` (WithTimeout.swift) runs the sleep as a child task; when the
// connect wins, the sleep is cancelled, so no timeout can fire afterwards.
