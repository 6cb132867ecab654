import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let keptThreadControl = Recipe(
        id: "kept-thread-control",
        title: "Pause, trigger, stop and restart a kept worker",
        chapter: .threads,
        sources: [
            "Seen in real code: renderers and capture pipelines that keep a worker `Thread` woken by an `NSCondition`, pause it while hidden, skip a frame while the last one is still being drawn, and stop and join it before starting a new one",
        ],
        file: "Threads/KeptThreadControl.swift",
        apis: [
            APIMapping(
                "a Thread that waits on an NSCondition for a frame, paused by a flag it checks after each wait",
                "a worker task consuming an `AsyncStream`; pause is a state it awaits before each frame"
            ),
            APIMapping(
                "a one-slot pending frame under the NSCondition's lock, replaced while the Thread is busy",
                "`AsyncStream(bufferingPolicy: .bufferingNewest(1))`: the newest trigger waits, the rest are skipped"
            ),
            APIMapping(
                "stop(): set a flag, signal, and DispatchSemaphore.wait until the thread ends, before start() spawns the next",
                "`start()` cancels the old task; the new one first awaits `old.task.value`"
            ),
        ],
        prose: Articles.recipe("kept-thread-control"),
        replaces: [.thread, .condition, .semaphore],
        scenarios: [
            Scenario(
                "skip a frame while busy",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.KeptThreadControl.skipWhileBusy(log: log) }
                },
                modern: { context in
                    await Modern.KeptThreadControl.skipWhileBusy(log: context.log)
                }
            ),
            Scenario(
                "pause and resume",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.KeptThreadControl.pauseAndResume(log: log) }
                },
                modern: { context in
                    await Modern.KeptThreadControl.pauseAndResume(log: context.log)
                }
            ),
            Scenario(
                "stop, then start",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.KeptThreadControl.stopThenStart(log: log) }
                },
                modern: { context in
                    await Modern.KeptThreadControl.stopThenStart(log: context.log)
                }
            ),
        ]
    )
}
