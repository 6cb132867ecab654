import RecipeKit

/// Starts delayed work whose action reports through `report`, and waits for the first report.
///
/// Delayed and timer work has no completion handler of its own: the action *is* the completion.
/// `start` wraps the action so that it also calls `report`; this returns the first value reported
/// and whether at least `delay` had passed by then (`ContinuousClock`, so "at least", never
/// "exactly"). Later reports are ignored here; the behaviour tests check there are none.
func awaitDelayedCallback<T: Sendable>(
    noSoonerThan delay: Duration,
    _ start: (_ report: @escaping @Sendable (T) -> Void) async throws -> Void
) async rethrows -> (value: T, waitedLongEnough: Bool) {
    let clock = ContinuousClock()
    let begin = clock.now
    let (reports, continuation) = AsyncStream.makeStream(of: (T, ContinuousClock.Instant).self)
    try await start { continuation.yield(($0, clock.now)) }
    var iterator = reports.makeAsyncIterator()
    guard let (value, reportedAt) = await iterator.next() else { preconditionFailure("the stream never finishes") }
    return (value, begin.duration(to: reportedAt) >= delay)
}
