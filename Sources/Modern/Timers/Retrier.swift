/// Runs an operation again after growing delays until it succeeds, gives up
/// after `maxAttempts`, or is cancelled.
///
/// The retry loop is a plain loop: try, and on failure sleep for the delay,
/// then double it, up to `maxDelay`. Cancellation needs no flag: cancelling
/// the calling task wakes the sleep at once with `CancellationError`, which
/// ends the loop; no further attempt starts. A failure is checked against the
/// task's cancellation first, whatever its type: `URLSession` reports a
/// cancelled request as `URLError(.cancelled)`, not `CancellationError`.
public nonisolated enum Retrier {
    /// Waits `baseDelay` after the first failure, then twice as long after
    /// each further one, never more than `maxDelay`. Returns the first
    /// success, or throws the last failure or `CancellationError`.
    public static func run<Value: Sendable>(
        maxAttempts: Int,
        baseDelay: Duration,
        maxDelay: Duration = .seconds(30),
        clock: some Clock<Duration> = ContinuousClock(),
        log: (String) -> Void,
        operation: (_ attempt: Int) async throws -> Value
    ) async throws -> Value {
        var attempt = 1
        var delay = baseDelay
        while true {
            do {
                return try await operation(attempt)
            } catch where Task.isCancelled {
                // Cancelled, whatever the operation threw: not a failure.
                throw CancellationError()
            } catch let error as CancellationError {
                throw error
            } catch where attempt < maxAttempts {
                log("attempt \(attempt) failed: \(error); retrying")
            } catch {
                log("attempt \(attempt) failed: \(error); giving up")
                throw error
            }
            try await clock.sleep(for: delay)
            attempt += 1
            delay = min(delay * 2, maxDelay)
        }
    }
}

// MARK: - Retrying: a loop around `Task.sleep`; cancelling the task stops it

// `run` above is the whole retrier: `start`, `cancel()`, the flag, the queue
// and the stored completion of the legacy side become one loop in the
// caller's task, and cancelling that task is the cancel.
