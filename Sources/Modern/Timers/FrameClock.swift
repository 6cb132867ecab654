/// Calls `frame` once per `interval` on the main actor, with the time
/// elapsed since the start, until it returns `false` or the task is
/// cancelled.
///
/// Deadlines are absolute (start + n × interval), so a late frame doesn't
/// push every later one back, and frames already missed are skipped, as a
/// display link skips them. This is a frame clock, not a display link: it
/// knows nothing of the screen's refresh. There are no run-loop modes: the
/// loop runs whenever the main actor is free. The check after each sleep runs
/// on the main actor, where the loop is stopped: a stop that comes after a
/// sleep has ended, while the main actor was busy, draws no frame. The clock
/// is injected, so tests can drive time.
@MainActor
public func runFrames(
    every interval: Duration = .milliseconds(16),
    clock: some Clock<Duration> = ContinuousClock(),
    frame: (Duration) -> Bool
) async throws {
    let start = clock.now
    var deadline = start.advanced(by: interval)
    while true {
        try await clock.sleep(until: deadline, tolerance: nil)
        try Task.checkCancellation()  // stopped after the sleep ended
        let now = clock.now
        guard frame(start.duration(to: now)) else { return }
        while deadline <= now { deadline = deadline.advanced(by: interval) }
    }
}
