/// A one-shot timer is a single sleep, then the action.
///
/// There is no timer object to invalidate: the sleep ends once, and the task
/// that slept owns the action. Cancelling that task during the sleep throws
/// `CancellationError`, and the action never runs (see `cancellable-delay`).
/// This is `delayed-task` with an injected clock.
public nonisolated enum OneShotTimer {
    /// Sleeps for `delay` on `clock`, then paints once.
    public static func paintOnce(
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        try await clock.sleep(for: delay)
        log("Painting")
    }
}
