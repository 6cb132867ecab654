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
            APIMapping(
                "Timer.invalidate",
                "`task.cancel()` from outside; the timer loop's body returning `false` from inside"
            ),
            APIMapping("Timer.isValid", "whether the task handle is still held (`isTicking`)"),
            APIMapping("RunLoop.perform", "a call to the `@MainActor` ticker's `stop()`"),
            APIMapping(
                "CFRunLoopWakeUp",
                "no direct equivalent — nothing sleeps in a run loop; a cancelled task's sleep ends at once"
            ),
            APIMapping(
                "DispatchSource.cancel()",
                "leaving the timer loop; for a ticker stream, `break` out of `for await`, and `onTermination` cancels the producer"
            ),
        ],
        prose: Articles.recipe("timer-invalidate"),
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
                    await Modern.StoppableTimer.paintThenStop(times: 3, every: interval, log: context.log)
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
