/// The error `withTimeout` throws when the deadline passes first.
public nonisolated struct TimeoutError: Error, Sendable, Equatable,
    CustomStringConvertible
{
    public let timeout: Duration

    public init(timeout: Duration) {
        self.timeout = timeout
    }

    public var description: String { "timed out after \(timeout)" }
}

/// Runs `operation`, but gives up with `TimeoutError` when `timeout` passes
/// first.
///
/// Swift has no standard `withTimeout`, so the project ships this one; copy it
/// along with any recipe that uses it. A throwing task group races the
/// operation against a sleep, takes the first result and cancels the loser. The
/// loser must be cancellation-aware (`Task.sleep`, `Task.checkCancellation()`,
/// a cancellation handler), because a task group always waits for all of its
/// children before it returns.
public nonisolated func withTimeout<T: Sendable>(
    _ timeout: Duration,
    operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    // The deadline counts from the call, not from when the child first runs.
    let deadline = ContinuousClock.now.advanced(by: timeout)
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: .continuous)
            throw TimeoutError(timeout: timeout)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else {
            throw CancellationError()
        }
        return first
    }
}
