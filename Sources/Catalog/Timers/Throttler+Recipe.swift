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
                "asyncAfter armed once to throttle (latest argument wins)",
                "an actor holding the latest argument and one sleeping `Task`, never cancelled and replaced"),
            APIMapping("DispatchTime.now() (last run)", "an injected `Clock`'s `now`"),
        ],
        problem:
            "Refresh something expensive (a status line, a table, a server sync) as events stream in: the first event right away, then at most once per interval, always with the newest data, and never stalled while events keep coming. You have probably met this in iTerm2's `iTermRateLimitedUpdate` or matrix-ios-sdk's `MXThrottler`.",
        changes: [
            "The serial queue that owned `latest`, `lastRun` and the armed work item becomes an actor; `call` is `await throttler.call(x)`, and the action runs on the actor.",
            "The one armed `asyncAfter` becomes one `Task` that sleeps until `lastRun + interval` on an injected clock and then runs whatever is latest. A call while it sleeps only replaces `latest`: nothing is cancelled or rescheduled.",
            "`DispatchTime.now()` becomes `clock.now`: the clock is a parameter (`ContinuousClock` by default), so `ThrottlerTests` drive time by hand and assert exact runs without sleeping.",
            "Throttle vs debounce, side by side: ten triggers 3 ms apart with a 50 ms interval. Throttle runs trigger 1 at once and trigger 10 when the interval ends (two runs). `debounce` runs only trigger 10, 50 ms after it, and under a steady stream never runs at all without a max interval.",
            "Both sides count the interval from the end of the previous run, so a run never starts less than `interval` after the previous one finished (`ThrottlerTests.aSteadyStreamNeverRunsTwoCloserThanTheInterval`).",
        ],
        pitfalls: [
            "Cancel-and-replace on every call (`armed?.cancel()` then a new `asyncAfter`, or `task.cancel()` then a new `Task`) is a debounce: a steady stream of calls never runs (`ThrottlerTests.cancelAndReplaceNeverRunsUnderASteadyStream`).",
            "Without the latest-argument slot, the throttler drops the trailing call: the last state is never shown. Both sides run the last trigger (`ThrottlerTests.tenQuickTriggersRunTwiceFirstAndLast`).",
            "swift-async-algorithms' `_throttle(for:latest:)` is not Combine's `throttle(for:scheduler:latest:)`: it is pull-based, so with `latest: true` it emits the next element after the interval rather than the cached latest at the interval's end, and its final element can be lost (apple/swift-async-algorithms issues 266 and 248). This recipe behaves like Combine's `latest: true`, leading edge included.",
            "The sleeping task captures the actor weakly, and `deinit` cancels it: a throttler dropped with a call pending never runs it (`ThrottlerTests.aReleasedThrottlerNeverRunsItsPendingCall`).",
            "After `cancel()` the sleeping task must end without running: it checks `Task.isCancelled` after waking, because the clock may have woken it just before the cancel (`ThrottlerTests.cancelDropsThePendingCallAndEndsTheSleep`).",
            "Back-pressure: callers never wait for the action; a slower action only stretches the gaps. Intermediate calls are dropped, never queued; order is FIFO only in that the run value is the newest one the actor (or queue) received.",
        ],
        annotations: [
            "`Throttler` is `@unchecked Sendable`: `latest`, `lastRun` and `armed` are only touched on its serial `queue`; `call` and `cancel` hop there with `queue.async`.",
            "`action` is `@escaping @Sendable`: it runs later, on the queue.",
        ],
        differences: [
            "Legacy `call` is fire-and-forget from any thread (it hops with `queue.async`); Modern `call` is `await throttler.call(x)`, ordered per caller by the actor. Both take hundreds of concurrent callers (`ThrottlerTests.hundredsOfConcurrentCallersRunSpacedAndEndOnTheLast`).",
            "Modern takes an injected `Clock`, so its behaviour is tested exactly on a manual clock (`ThrottlerTests.modernOnAManualClockRunsExactlyAtTheIntervalEnd`); Legacy reads `DispatchTime.now()` and is tested in real time with \"at least\" assertions.",
        ],
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

/// The same triggers from a task that sleeps until each one's time.
private func modernThrottle(_ context: RunContext, triggers count: Int, logRuns: Bool = true) async throws {
    let (gap, interval) = (context.pace(.milliseconds(300)), context.pace(.seconds(5)))
    let runs = ThrottleRuns(log: context.log, logRuns: logRuns)
    let throttler = Modern.Throttler<Int, ContinuousClock>(interval: interval) { runs.run($0) }
    let start = ContinuousClock.now
    for trigger in 1...count {
        try await Task.sleep(until: start + gap * (trigger - 1))
        await throttler.call(trigger)
    }
    await runs.waitForRun(of: count)
    try await Task.sleep(for: interval)
    extendLifetime(throttler)
    if !logRuns { context.log("last run: trigger \(runs.triggers.last ?? 0)") }
    context.record("spacedByTheInterval", runs.spacedBy(interval))
}
