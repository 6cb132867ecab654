/// A one-shot timer is a single sleep, then the action.
///
/// There is no timer object to invalidate: the sleep ends once, and the task
/// that slept owns the action. Cancelling that task during the sleep throws
/// `CancellationError`, and the action never runs (see `cancellable-delay`).
/// A cancel that comes after the sleep has ended, while the task waits to get
/// its caller's actor back, is caught by the check after the sleep: the
/// function runs in its caller's isolation, so a main-actor caller's cancel
/// comes either before that check or after the paint. This is `delayed-task`
/// with an injected clock.
public nonisolated enum OneShotTimer {
    /// Sleeps for `delay` on `clock`, then paints once, unless cancelled.
    public static func paintOnce(
        after delay: Duration,
        clock: some Clock<Duration> = ContinuousClock(),
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        try await clock.sleep(for: delay)
        try Task.checkCancellation()  // cancelled after the sleep ended
        log("Painting")
    }
}
