/// Delayed work that can be called off: keep the task and cancel it.
///
/// `task.cancel()` only sets a flag. `Task.sleep` notices it and throws
/// `CancellationError` at once, so the code after the sleep never runs. But a
/// cancel is honoured only up to the last check: once the sleep has ended, a
/// cancel that comes before the action starts is seen only if the task checks
/// again, and only if that check runs where the cancel runs. So the task runs
/// on the main actor, where the caller cancels it, and checks after the sleep:
/// a cancel made on the main actor either comes before that check, or once
/// the action has started. The deadline is fixed at the call, as
/// `asyncAfter`'s is, not when the task first gets the main actor. Never
/// write `try? await clock.sleep`: it swallows the cancellation, and the
/// action runs anyway.
public nonisolated enum CancellableDelay {
    /// Runs `action` on the main actor after `delay`, unless the returned
    /// task is cancelled first. Awaiting the task's `result` tells whether it
    /// ran (`success`) or was called off (`CancellationError`).
    @MainActor
    @discardableResult
    public static func schedule(
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        action: @escaping @MainActor () async -> Void
    ) -> Task<Void, any Error> {
        let deadline = clock.now.advanced(by: delay)
        return Task { @MainActor in
            try await clock.sleep(until: deadline, tolerance: nil)
            // The sleep may have ended before a cancel that the main actor
            // ran while this task waited for it.
            try Task.checkCancellation()
            await action()
        }
    }
}
