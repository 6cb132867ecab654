import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let framePacingThread = Recipe(
        id: "frame-pacing-thread",
        title: "A real-time frame loop on a dedicated thread",
        chapter: .threads,
        sources: [
            "Glenn Fiedler, \"Fix Your Timestep!\" (Gaffer On Games): a fixed interval, and what to do when the loop falls behind",
            "Seen in real code: game and emulator main loops (a `Thread` sleeping to absolute deadlines, a double buffer under `NSLock`, a `volatile` stop flag)",
        ],
        file: "Threads/FramePacingThread.swift",
        apis: [
            APIMapping(
                "a Thread running a frame loop that sleeps to absolute deadlines (Thread.sleep(until:))",
                "the same thread, kept; async code awaits `run()`, resumed by a continuation when it ends"
            ),
            APIMapping(
                "NSLock.lock(before:) around a front/back buffer swap, dropping the frame on timeout",
                "`Mutex` front buffer held only for a swap or a copy: the loop never waits or drops"
            ),
            APIMapping(
                "a stop flag behind an NSLock, checked once per frame",
                "`Atomic<Bool>`; cancelling the task that awaits `run()` sets it"
            ),
            APIMapping(
                "DispatchSemaphore the caller blocks on until the loop ends",
                "`await loop.run()`"
            ),
        ],
        prose: Articles.recipe("frame-pacing-thread"),
        isBridging: true,
        replaces: [.nsLockBefore, .thread, .threadSleep, .nsLock, .semaphore],
        scenarios: [
            scenario("60 Hz, no stall", stall: .zero, at: 0),
            scenario("a 20 ms stall: caught up", stall: .milliseconds(20), at: 10),
            scenario("a 200 ms stall: reset", stall: .milliseconds(200), at: 30),
        ]
    )

    /// One second of the frame loop at 60 Hz on a virtual clock.
    private static func scenario(_ name: String, stall: Duration, at frame: Int) -> Scenario {
        Scenario(
            name,
            rules: [.exact],
            legacy: { context in
                let log = context.log
                await onOwnThread {
                    Legacy.FramePacingThread.runOneSecond(hertz: 60, stall: stall, stallAt: frame, log: log)
                }
            },
            modern: { context in
                await Modern.FramePacingThread.runOneSecond(hertz: 60, stall: stall, stallAt: frame, log: context.log)
            }
        )
    }
}
