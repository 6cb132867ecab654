import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let oneShotTimer = Recipe(
        id: "one-shot-timer",
        title: "A timer that fires once and invalidates itself",
        chapter: .timers,
        sources: ["*iOS Programming Cookbook*, §7.14 \"Creating Timers\" (its scheduled one-shot timer)"],
        file: "Timers/OneShotTimer.swift",
        apis: [
            APIMapping(
                "Timer.scheduledTimer(withTimeInterval:repeats: false, block:)",
                "`try await clock.sleep(for:)`, then the action"
            ),
            APIMapping("Timer.isValid", "no timer object: the task that slept is done"),
            APIMapping(
                "DispatchSourceTimer.schedule(deadline:repeating: .never)",
                "one `clock.sleep(for:)`"
            ),
            APIMapping("DispatchSource.cancel()", "nothing to cancel after the fire; `task.cancel()` before it"),
        ],
        problem: "Fire once after an interval, with no further events and nothing left to clean up.",
        changes: [
            "A one-shot timer becomes one `try await clock.sleep(for: delay)` followed by the action, in whatever task wants it: the same code as `delayed-task`, with the clock injected.",
            "The `Timer` with `repeats: false` invalidates itself after it fires and releases its block (a target/selector timer's `userInfo` too), so `isValid` is false afterwards (`OneShotTimerTests.legacyTimerFiresOnceAfterTheDelayAndInvalidatesItself`). The modern side has no object left over to query or release.",
            "Calling it off before it fires was `invalidate()` on the timer's thread; it is now `task.cancel()`, which ends the sleep with `CancellationError` (`OneShotTimerTests.modernCancelledBeforeTheDeadlineNeverPaints`).",
            "The catalog listens for three more intervals after the fire, so a second fire would show up in the output.",
        ],
        pitfalls: [
            "`try? await clock.sleep(for:)` swallows the cancellation and runs the action anyway (see `cancellable-delay`).",
            "A dispatch timer source scheduled with `repeating: .never` fires once but stays alive, holding its handler, until it is cancelled; its handler cancels it here.",
            "A delay is a minimum, not a promise: the tests check that at least the delay elapsed, never how much more.",
        ],
        platformNotes: [
            "**Linux**: `Timer(timeInterval:repeats:block:)` sets its first fire date to the moment it is created, so a timer made that way and scheduled at once fires at once. `Timer.scheduledTimer(withTimeInterval:…)` waits the interval.",
        ],
        annotations: [
            "The `Timer` block is `@Sendable`, so the `log` it captures is `@escaping @Sendable`.",
            "The source's event handler is not `@Sendable` in the API; it is written in nonisolated code and captures only the source and the `@Sendable` log.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `paintOnce` would sleep and paint on the main actor; `nonisolated` keeps it on the caller's executor.",
        replaces: [.scheduledTimer, .timerSource, .sourceHandlers, .timerInvalidate, .runLoopRun, .timer],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let delay = context.pace(.seconds(1))
                    context.log("start")
                    await onOwnThread {
                        _ = Legacy.OneShotTimer.paintOnce(after: delay, log: context.log)
                    }
                    try await Task.sleep(for: delay * 3)  // a second fire would be recorded here
                },
                modern: { context in
                    let delay = context.pace(.seconds(1))
                    context.log("start")
                    try await Modern.OneShotTimer.paintOnce(after: delay, log: context.log)
                    try await Task.sleep(for: delay * 3)
                }
            ),
            Scenario(
                "dispatch source",
                rules: [.exact],
                legacy: { context in
                    let delay = context.pace(.seconds(1))
                    context.log("start")
                    await withCheckedContinuation { done in
                        Legacy.OneShotTimer.paintOnceWithSource(after: delay, log: context.log) { done.resume() }
                    }
                    try await Task.sleep(for: delay * 3)
                },
                modern: { context in
                    let delay = context.pace(.seconds(1))
                    context.log("start")
                    try await Modern.OneShotTimer.paintOnce(after: delay, log: context.log)
                    try await Task.sleep(for: delay * 3)
                }
            ),
        ]
    )
}
