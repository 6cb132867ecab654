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
        prose: Articles.recipe("one-shot-timer"),
        replaces: [
            .scheduledTimer, .scheduledTimerOnce, .timerSource, .sourceHandlers, .timerInvalidate, .runLoopRun, .timer,
        ],
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
