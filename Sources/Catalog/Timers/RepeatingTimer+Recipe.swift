import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let repeatingTimer = Recipe(
        id: "repeating-timer",
        title: "Fixed-interval repeating timer with start/stop",
        chapter: .timers,
        sources: [
            "*iOS Programming Cookbook*, §7.14 \"Creating Timers\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `dispatch_source` timer",
        ],
        file: "Timers/RepeatingTimer.swift",
        apis: [
            APIMapping(
                "Timer.scheduledTimer(withTimeInterval:repeats:block:)",
                "an `AsyncStream` ticker (a producer task sleeping to each deadline) consumed by a task with `for await`"
            ),
            APIMapping(
                "scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:",
                "the block form on Linux; an `AsyncStream` ticker"
            ),
            APIMapping(
                "NSInvocation / NSMethodSignature",
                "no direct equivalent — closures: the timer block, the body of `for await`"
            ),
            APIMapping(
                "Timer.invalidate", "`task.cancel()` on the consuming task; `onTermination` cancels the producer"),
            APIMapping(
                "RunLoop.run(mode:before:)",
                "nothing: a task needs no run loop; the ticker's producer is a task"
            ),
            APIMapping(
                "DispatchSource.makeTimerSource",
                "an `AsyncStream` ticker; `AsyncTimerSequence` (swift-async-algorithms)"
            ),
            APIMapping(
                "DispatchSourceTimer.schedule(deadline:repeating:leeway:) (dispatch_source_set_timer)",
                "`clock.sleep(until: start + n × interval, tolerance: leeway)`"
            ),
            APIMapping("setEventHandler", "the body of `for await _ in ticks`"),
            APIMapping("DispatchSource.resume()", "nothing: the producer task starts when it is created"),
            APIMapping("DispatchSource.cancel()", "`break` out of `for await`; `onTermination` cancels the producer"),
        ],
        problem:
            "Run a task repeatedly at a fixed interval while something is active (the classic example paints a view every second), and stop it cleanly.",
        changes: [
            "A repeating `Timer` on a run loop becomes an `AsyncStream` ticker: a producer task sleeps until each deadline and yields, and a painting task runs `for await _ in ticks { paint() }`. `startPainting()` creates that task; `stopPainting()` cancels it.",
            "The producer sleeps *until* `start + n × interval` (`next += interval; try await clock.sleep(until: next, tolerance:)`), not *for* an interval, so a late wake-up does not push the later ticks back. `RepeatingTimerTests.modernTickerSleepsUntilDeadlinesSoLateWakeUpsDoNotDrift` checks the deadlines on a clock that always wakes late.",
            "The dispatch source's leeway becomes the sleep's `tolerance`. Its event handler becomes the loop body, and `source.cancel()` becomes `break`: leaving the loop terminates the stream, whose `onTermination` cancels the producer.",
            "The clock is injected (`some Clock<Duration>`, `ContinuousClock` by default), so tests drive time without sleeping. There is no run loop to keep running, and no thread to dedicate to it.",
            "The painter is `@MainActor`, like the view it paints; the Legacy painter is confined to its run-loop thread instead.",
            "Both sides stop after five paints (a count-based stop keeps the transcript exact), and the catalog then listens for three more intervals: a tick after `stop` would show up in the output.",
            "The classic `dispatch_source` timer fires every 5 s from `DISPATCH_TIME_NOW`, so its first event comes at once; here it starts one interval out and fires every second, like the `Timer`, to keep the demo short.",
        ],
        pitfalls: [
            "An `AsyncStream` still hands out an element it buffered before its consumer was cancelled. Check `Task.isCancelled` after each tick, or a tick that arrived just before `stopPainting()` paints anyway (`RepeatingTimerTests.modernStopPaintsNoTickThatWasAlreadyBuffered`). `continuation.finish()` also delivers what is buffered first.",
            "A repeating `Timer` retains its target (or block) until it is invalidated, and the classic code keeps it in a strong property. A ticker task that captures `self` strongly does the same: use `[weak self]` and cancel the task on stop.",
            "Starting twice leaks a second timer (or ticker) that nothing can stop; both sides refuse to start while running (`RepeatingTimerTests.legacyStartingTwiceSchedulesOneTimer`, `RepeatingTimerTests.modernStartingTwiceStartsOneTicker`).",
            "A loop of `try await Task.sleep(for: interval)` drifts: each tick is late by the previous tick's wake-up latency plus the work. Sleep until a deadline.",
            "A `Timer` fires only while its run loop runs. Run-loop modes (`.default`, `.common`) have no task equivalent.",
            "Dispatch sources are created suspended: without `resume()` nothing fires (`RepeatingTimerTests.aDispatchTimerSourceDoesNothingUntilResumed`), and a suspended source must be resumed before it is released.",
            "The interval is the period: 0.5 s fires twice a second, 0.25 s four times (as the *iOS Programming Cookbook*'s §7.14 explains).",
        ],
        platformNotes: [
            "**Linux**: `RunLoop.main` does not run under an async `main` or Swift Testing, so the Legacy demo runs on a thread of its own.",
        ],
        annotations: [
            "`RepeatingTimer` is `@unchecked Sendable`: `Timer`'s block is `@Sendable` in Swift 6, so capturing `self` requires it. The object is confined to the thread whose run loop fires the timer, and every access happens there.",
            "The dispatch source's event handler is not `@Sendable` in the API; it is written in nonisolated code, and its `fired` counter is touched only on the source's serial queue.",
            "`log` and `completion` are `@escaping @Sendable`: they run on the timer's thread or the source's queue.",
        ],
        replaces: [.scheduledTimer, .timerSource, .sourceHandlers, .timerInvalidate, .runLoopRun, .timer],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    await onOwnThread {
                        Legacy.RepeatingTimer.paint(times: 5, every: interval, log: context.log)
                    }
                    try await Task.sleep(for: interval * 3)  // a tick after "stop" would be recorded here
                },
                modern: { context in
                    let interval = context.pace(.seconds(1))
                    await Modern.RepeatingTimer.paint(times: 5, every: interval, log: context.log)
                    try await Task.sleep(for: interval * 3)
                }
            ),
            Scenario(
                "dispatch source",
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    await withCheckedContinuation { done in
                        Legacy.RepeatingTimer.timeFlies(
                            times: 5,
                            every: interval,
                            leeway: context.pace(.milliseconds(100)),
                            log: context.log
                        ) { done.resume() }
                    }
                    try await Task.sleep(for: interval * 3)
                },
                modern: { context in
                    let interval = context.pace(.seconds(1))
                    await Modern.RepeatingTimer.timeFlies(
                        times: 5,
                        every: interval,
                        leeway: context.pace(.milliseconds(100)),
                        log: context.log
                    )
                    try await Task.sleep(for: interval * 3)
                }
            ),
        ]
    )
}
