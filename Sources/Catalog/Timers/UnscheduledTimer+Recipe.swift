import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let unscheduledTimerRunloop = Recipe(
        id: "unscheduled-timer-runloop",
        title: "Create a timer now, start it later",
        chapter: .timers,
        sources: ["*iOS Programming Cookbook*, §7.14 \"Creating Timers\" (its unscheduled timers, added to a run loop later)"],
        file: "Timers/UnscheduledTimer.swift",
        apis: [
            APIMapping(
                "Timer(timeInterval:repeats:block:) (timerWithTimeInterval:target:selector:userInfo:repeats:)",
                "a timer object configured in `init`; its one task is created in `start()`"
            ),
            APIMapping(
                "RunLoop.add(_:forMode:) (addTimer:forMode:)",
                "`start()` creates the task: a loop that sleeps until each deadline"
            ),
            APIMapping("RunLoop.perform", "a call to the `@MainActor` timer; there is no run loop to post to"),
            APIMapping(
                "CFRunLoopWakeUp",
                "no direct equivalent — nothing sleeps in a run loop; a resumed or cancelled task is scheduled at once"
            ),
            APIMapping("CFRunLoopStop", "`task.cancel()`"),
            APIMapping(
                "Timer(fire: .distantFuture, …) as a run-loop keep-alive",
                "not needed: a task needs no run loop kept alive"
            ),
            APIMapping("DispatchQueue.global().asyncAfter", "`try await clock.sleep(for:)` before `start()`"),
        ],
        prose: Articles.recipe("unscheduled-timer-runloop"),
        replaces: [.unscheduledTimer, .runLoopAdd, .runLoopRun, .runLoopPerform, .timer, .timerFireDate, .timerFireAt],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    await onOwnThread {
                        Legacy.UnscheduledTimer.paint(
                            times: 3,
                            every: interval,
                            startAfter: interval * 3,
                            log: context.log
                        )
                    }
                    try await Task.sleep(for: interval * 3)  // a tick after "stop" would be recorded here
                },
                modern: { context in
                    let interval = context.pace(.seconds(1))
                    try await Modern.UnscheduledTimer.paint(
                        times: 3,
                        every: interval,
                        startAfter: interval * 3,
                        log: context.log
                    )
                    try await Task.sleep(for: interval * 3)
                }
            )
        ]
    )
}
