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
                "a ticker object configured in `init`; its producer task is created in `start()`"
            ),
            APIMapping("RunLoop.add(_:forMode:) (addTimer:forMode:)", "`start()` creates the ticker task"),
            APIMapping("RunLoop.perform", "a call to the `@MainActor` ticker; there is no run loop to post to"),
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
        problem: "Build a timer ahead of time and only set it going later, from wherever the decision is made.",
        changes: [
            "An unscheduled `Timer` is a timer on no run loop; scheduling it is `RunLoop.add(_:forMode:)` on the thread that runs that run loop, posted from elsewhere with `RunLoop.perform`. The modern ticker stores its interval and clock in `init` and creates its producer task in `start()`: nothing exists to run before then.",
            "The Legacy owner thread must keep its run loop running while nothing is scheduled, so it adds a keep-alive timer in the distant future; `stop()` ends the loop with `CFRunLoopStop`. The modern side has no run loop to keep alive.",
            "Both sides record `created`, stay silent for three intervals, then `start`, three `Painting` lines and `stop`: no tick can come before `start`.",
        ],
        pitfalls: [
            "`RunLoop.perform` only enqueues the block; a run loop asleep until its next timer runs the block then. Wake it with `CFRunLoopWakeUp`.",
            "A run loop with no timer or source returns from `run` at once, so the thread would exit before the timer is ever added.",
            "A timer's first fire date is fixed when it is created (on Linux, `Timer(timeInterval:…)` sets it to the creation time), so a timer scheduled later fires at once. Set `fireDate` before adding it if the first tick should be one interval after the start.",
        ],
        platformNotes: [
            "**Linux**: to wake the run loop, keep the `CFRunLoopGetCurrent()` of the owner thread: `getCFRunLoop()` is not public there, and the file needs `import CoreFoundation`.",
        ],
        annotations: [
            "`UnscheduledTimer` is `@unchecked Sendable`: `Timer`'s block and `RunLoop.perform`'s block are `@Sendable`, so they can capture `self` only if it is. Its mutable state is touched only on the owner thread; other threads only call `start()` and `stop()`, which post with the thread-safe `RunLoop.perform` and `CFRunLoopWakeUp`.",
            "The `asyncAfter` block is `@Sendable` and captures the painter and the `@Sendable` log.",
        ],
        differences: [
            "The Legacy timer's first fire date was fixed when it was created, so scheduled three intervals later it is already due and fires at once (`UnscheduledTimerTests.legacyFireDateIsFixedWhenTheTimerIsCreated`). The modern ticker counts its deadlines from `start()`, so its first tick comes one interval after the start (`UnscheduledTimerTests.modernFirstTickComesOneIntervalAfterStart`)."
        ],
        replaces: [.unscheduledTimer, .runLoopAdd, .runLoopRun, .runLoopPerform, .timer, .timerFireDate],
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
