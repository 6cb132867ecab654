import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let throttleLatest = Recipe(
        id: "throttle-latest",
        title: "Run now if idle, else run the latest request when the interval ends",
        chapter: .timers,
        sources: [
            "Seen in real code: gnachman/iTerm2 sources/iTermRateLimitedUpdate.m; matrix-org/matrix-ios-sdk MatrixSDK/Utils/MXThrottler.m"
        ],
        file: "Timers/Throttler.swift",
        apis: [
            APIMapping(
                "`asyncAfter` armed once to throttle (latest argument wins)",
                "a synchronous `call` that stores the latest argument under a `Mutex`, and one main-actor `Task` that runs it and sleeps out the interval, never cancelled and replaced"
            ),
            APIMapping("DispatchTime.now() (last run)", "an injected `Clock`'s `now`"),
        ],
        prose: Articles.recipe("throttle-latest"),
        replaces: [.asyncAfter, .workItem],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["spacedByTheInterval"])],
                legacy: { context in try await legacyThrottle(context, triggers: 10) },
                modern: { context in try await modernThrottle(context, triggers: 10) }
            ),
            Scenario(
                "steady stream",
                rules: [.exact, .invariant(["spacedByTheInterval"])],
                legacy: { context in try await legacyThrottle(context, triggers: 40, logRuns: false) },
                modern: { context in try await modernThrottle(context, triggers: 40, logRuns: false) }
            ),
        ]
    )
}

/// The runs of a throttled action: when each started and ended, and a stream that yields each
/// run's trigger number.
private final class ThrottleRuns: Sendable {
    private let state = Locked<[(trigger: Int, start: ContinuousClock.Instant, end: ContinuousClock.Instant)]>([])
    private let ran = AsyncStream.makeStream(of: Int.self)
    private let log: @Sendable (String) -> Void
    private let logRuns: Bool

    init(log: @escaping @Sendable (String) -> Void, logRuns: Bool) {
        self.log = log
        self.logRuns = logRuns
    }

    func run(_ trigger: Int) {
        let start = ContinuousClock.now
        if logRuns { log("ran trigger \(trigger)") }
        state.withLock { $0.append((trigger, start, .now)) }
        ran.continuation.yield(trigger)
    }

    /// Waits for the run of `trigger`.
    func waitForRun(of trigger: Int) async {
        for await number in ran.stream where number == trigger { return }
    }

    /// Every run started at least `interval` after the previous one ended.
    func spacedBy(_ interval: Duration) -> Bool {
        let runs = state.withLock { $0 }
        return zip(runs, runs.dropFirst()).allSatisfy { $0.end.duration(to: $1.start) >= interval }
    }

    var triggers: [Int] { state.withLock { $0.map(\.trigger) } }
}

/// Triggers `count` calls one gap apart from a thread of their own, then waits for the last
/// trigger's run and for one more interval (a run after it would show up).
private func legacyThrottle(_ context: RunContext, triggers count: Int, logRuns: Bool = true) async throws {
    let (gap, interval) = (context.pace(.milliseconds(300)), context.pace(.seconds(5)))
    let runs = ThrottleRuns(log: context.log, logRuns: logRuns)
    let throttler = Legacy.Throttler<Int>(interval: interval) { runs.run($0) }
    await onOwnThread {
        let start = Date()
        for trigger in 1...count {
            Thread.sleep(until: start + Double(trigger - 1) * (gap / .seconds(1)))
            throttler.call(trigger)
        }
    }
    await runs.waitForRun(of: count)
    try await Task.sleep(for: interval)
    extendLifetime(throttler)
    if !logRuns { context.log("last run: trigger \(runs.triggers.last ?? 0)") }
    context.record("spacedByTheInterval", runs.spacedBy(interval))
}

/// The same triggers from a task that sleeps until each one's time; `call` is synchronous.
private func modernThrottle(_ context: RunContext, triggers count: Int, logRuns: Bool = true) async throws {
    let (gap, interval) = (context.pace(.milliseconds(300)), context.pace(.seconds(5)))
    let runs = ThrottleRuns(log: context.log, logRuns: logRuns)
    let throttler = Modern.Throttler<Int, ContinuousClock>(interval: interval) { runs.run($0) }
    let start = ContinuousClock.now
    for trigger in 1...count {
        try await Task.sleep(until: start + gap * (trigger - 1))
        throttler.call(trigger)
    }
    await runs.waitForRun(of: count)
    try await Task.sleep(for: interval)
    extendLifetime(throttler)
    if !logRuns { context.log("last run: trigger \(runs.triggers.last ?? 0)") }
    context.record("spacedByTheInterval", runs.spacedBy(interval))
}
