import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let timerInvalidate = Recipe(
        id: "timer-invalidate",
        title: "Stop a timer from outside or from inside its handler",
        chapter: .timers,
        sources: [
            "*iOS Programming Cookbook*, §7.14 \"Creating Timers\" and §7.17 \"Exiting Threads and Timers\"",
        ],
        file: "Timers/StoppableTimer.swift",
        apis: [
            APIMapping("Timer.invalidate", "`task.cancel()` from outside; `break` out of `for await` from inside"),
            APIMapping("Timer.isValid", "whether the task handle is still held (`isTicking`)"),
            APIMapping("RunLoop.perform", "a call to the `@MainActor` ticker's `stop()`"),
            APIMapping(
                "CFRunLoopWakeUp",
                "no direct equivalent — nothing sleeps in a run loop; a cancelled task's sleep ends at once"
            ),
            APIMapping("DispatchSource.cancel()", "`break` out of `for await`; `onTermination` cancels the producer"),
        ],
        problem:
            "Stop a repeating timer, either from other code or from within its own handler, so that it never fires again.",
        changes: [
            "From inside, the classic handler receives the timer and calls `invalidate()`. The modern handler is the body of `for await`, and it simply `break`s: the stream terminates, and its `onTermination` cancels the producer's sleep (`StoppableTimerTests.modernBreakingOutOfForAwaitCancelsTheProducer`).",
            "From outside, `invalidate()` has to be sent on the timer's thread: another thread posts it with `RunLoop.perform` and wakes the run loop. The modern `stop()` is `task.cancel()` on the consuming task, and again `onTermination` stops the producer (`StoppableTimerTests.modernStopCancelsTheSleepingProducer`).",
            "Afterwards the Legacy timer reports `isValid == false`; the modern ticker has dropped its task handle (`isTicking == false`).",
            "The outside scenario counts ticks rather than printing them (how many fit between the third tick and the stop depends on scheduling), and reports how many came after the stop: none.",
        ],
        pitfalls: [
            "A ticker that only the consumer's `break` or cancellation can stop needs `onTermination` to cancel its producer; without it the producer sleeps and yields into a dead stream forever.",
            "`invalidate()` must be sent on the thread where the timer was scheduled. Calling it from another thread is unsupported and races with the firing.",
            "`RunLoop.perform` only enqueues the block: a run loop asleep until its next tick would fire once more before running it. Wake it with `CFRunLoopWakeUp` (`StoppableTimerTests.legacyStopWakesASleepingRunLoop`).",
            "Check `Task.isCancelled` after each tick: an `AsyncStream` still delivers an element buffered before its consumer was cancelled.",
        ],
        annotations: [
            "`StoppableTimer` is `@unchecked Sendable`: the `Timer` and `RunLoop.perform` blocks are `@Sendable` and capture `self`. Its timer and tick count are touched only on the timer's thread; other threads only call `stop`, which posts with the thread-safe `RunLoop.perform` and `CFRunLoopWakeUp`.",
            "The `done` callback of `stop` is `@escaping @Sendable`: it runs on the timer's thread.",
        ],
        differences: [
            "Stopping the Legacy timer from another thread is only a request: `stop` returns before the posted `invalidate()` has run, and the timer can fire until it does (`StoppableTimerTests.legacyStopFromAnotherThreadIsOnlyARequest`). The modern `stop()` runs on the main actor, like the ticks, so it has taken effect when it returns (`StoppableTimerTests.modernStopFromOutsideRunsNoTickAfterStop`)."
        ],
        replaces: [.timerInvalidate, .scheduledTimer, .runLoopPerform, .timer],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    _ = await onOwnThread {
                        Legacy.StoppableTimer.paintThenInvalidateInside(times: 3, every: interval, log: context.log)
                    }
                    try await Task.sleep(for: interval * 3)  // a tick after "stop" would be recorded here
                },
                modern: { context in
                    let interval = context.pace(.seconds(1))
                    await Modern.StoppableTimer.paintThenBreak(times: 3, every: interval, log: context.log)
                    try await Task.sleep(for: interval * 3)
                }
            ),
            Scenario(
                "stop from outside",
                rules: [.exact],
                legacy: { context in
                    let interval = context.pace(.seconds(1))
                    let tally = StopTally()
                    await onOwnThread {
                        let third = DispatchSemaphore(value: 0)
                        let timer = Legacy.StoppableTimer(every: interval) { count, _ in
                            tally.tick()
                            if count == 3 { third.signal() }
                        }
                        context.log("start")
                        Thread {
                            third.wait()
                            context.log("ticked 3 times")
                            timer.stop {
                                tally.markStop()
                                context.log("stop")
                            }
                        }.start()
                        timer.run()
                    }
                    try await Task.sleep(for: interval * 3)
                    context.log("ticks after stop: \(tally.ticksAfterStop)")
                },
                modern: { @MainActor context in
                    let interval = context.pace(.seconds(1))
                    let tally = StopTally()
                    let (third, reached) = AsyncStream.makeStream(of: Void.self)
                    let timer = Modern.StoppableTimer(every: interval) { count in
                        tally.tick()
                        if count == 3 { reached.finish() }
                    }
                    context.log("start")
                    timer.start()
                    for await _ in third {}
                    context.log("ticked 3 times")
                    timer.stop()
                    tally.markStop()
                    context.log("stop")
                    try await Task.sleep(for: interval * 3)
                    context.log("ticks after stop: \(tally.ticksAfterStop)")
                }
            ),
        ]
    )
}

/// Counts ticks, and how many came after the stop.
private final class StopTally: Sendable {
    private let counts = Locked((ticks: 0, atStop: 0))

    func tick() {
        counts.withLock { $0.ticks += 1 }
    }

    func markStop() {
        counts.withLock { $0.atStop = $0.ticks }
    }

    var ticksAfterStop: Int { counts.withLock { $0.ticks - $0.atStop } }
}
