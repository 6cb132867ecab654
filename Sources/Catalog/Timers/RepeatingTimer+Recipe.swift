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
                "one loop in a task: sleep until the next deadline still ahead, check for cancellation, paint"
            ),
            APIMapping(
                "scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:",
                "the block form on Linux; a loop that sleeps until each deadline"
            ),
            APIMapping(
                "NSInvocation / NSMethodSignature",
                "no direct equivalent — closures: the timer block, the loop body"
            ),
            APIMapping(
                "Timer.invalidate", "`task.cancel()` on the painting task, and a `Task.isCancelled` check after each sleep"),
            APIMapping(
                "RunLoop.run(mode:before:)",
                "nothing: a task needs no run loop"
            ),
            APIMapping(
                "DispatchSource.makeTimerSource",
                "a loop over deadlines; as a sequence, an `AsyncStream` ticker or `AsyncTimerSequence` (swift-async-algorithms)"
            ),
            APIMapping(
                "DispatchSourceTimer.schedule(deadline:repeating:leeway:) (dispatch_source_set_timer)",
                "`clock.sleep(until: start + n × interval, tolerance: leeway)`, skipping the deadlines missed in a stall"
            ),
            APIMapping("setEventHandler", "the loop body"),
            APIMapping("DispatchSource.resume()", "nothing: the task starts when it is created"),
            APIMapping("DispatchSource.cancel()", "leaving the loop (`timeFlies`' body returns `false`)"),
        ],
        prose: Articles.recipe("repeating-timer"),
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
