/// Calls `frame` once per `interval` on the main actor, with the time
/// elapsed since the start, until it returns `false` or the task is
/// cancelled.
///
/// Deadlines are absolute (start + n × interval), so a late frame doesn't
/// push every later one back, and frames already missed are skipped, as a
/// display link skips them. This is a frame clock, not a display link: it
/// knows nothing of the screen's refresh. There are no run-loop modes: the
/// loop runs whenever the main actor is free.
@MainActor
public func runFrames(
    every interval: Duration = .milliseconds(16),
    frame: (Duration) -> Bool
) async throws {
    let clock = ContinuousClock()
    let start = clock.now
    var deadline = start.advanced(by: interval)
    while true {
        try await clock.sleep(until: deadline)
        let now = clock.now
        guard frame(now - start) else { return }
        while deadline <= now { deadline = deadline.advanced(by: interval) }
    }
}
