/// Delayed work that can be called off: keep the task and cancel it.
///
/// `task.cancel()` only sets a flag. `Task.sleep` is what notices it: it throws
/// `CancellationError` at once, so the code after the sleep never runs and the
/// task ends early. Cancellation is cooperative: an action that has already
/// started keeps going until it checks (`Task.isCancelled`,
/// `Task.checkCancellation()`, or its next cancellable `await`). Never write
/// `try? await Task.sleep` here: it swallows the cancellation, and the action
/// runs anyway.
public nonisolated enum CancellableDelay {
    /// Runs `action` after `delay`, unless the returned task is cancelled
    /// first. Awaiting the task's `result` tells whether it ran (`success`) or
    /// was called off (`CancellationError`).
    @discardableResult
    public static func schedule(
        after delay: Duration,
        action: @escaping @Sendable () async -> Void
    ) -> Task<Void, any Error> {
        Task {
            try await Task.sleep(for: delay)
            await action()
        }
    }
}
