import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threadExit = Recipe(
        id: "thread-exit",
        title: "Cancel a sleeping thread loop without the extra iteration",
        chapter: .cancellation,
        seeds: [
            "000 §7.17 (L3745–3918, `threadEntryPoint`, `stopThread`, the fixed loop)"
        ],
        file: "Cancellation/ThreadExit.swift",
        apis: [
            APIMapping("Thread.cancel()", "`task.cancel()`"),
            APIMapping("Thread.current.isCancelled", "`Task.isCancelled`; the `CancellationError` that `Task.sleep` throws"),
            APIMapping("Thread.sleep(forTimeInterval:)", "`try await Task.sleep(for:)` (throws at once when cancelled)"),
            APIMapping("Thread(block:) + start()", "`Task {}` with a kept handle"),
            APIMapping(
                "perform(_:with:afterDelay:) (performSelector:withObject:afterDelay:)",
                "`Task.sleep(for:)`, then the call (see `delayed-task`)"
            ),
            APIMapping("Thread.exit()", "no direct equivalent: no forced kill, return from the task"),
        ],
        problem: """
            Stop a thread that loops with a 4 s sleep by cancelling it partway through an \
            iteration, without it doing one more iteration after the cancel.
            """,
        changes: [
            """
            `Thread.cancel()` becomes `task.cancel()`, and the loop's `while !isCancelled` becomes \
            `while !Task.isCancelled`: both are flags that only the loop reads.
            """,
            """
            The sleep changes most. `Thread.sleep` can't be interrupted: the cancelled thread sleeps \
            out its interval and notices the cancel only then \
            (`ThreadExitTests.legacySleepsOutItsIntervalAfterTheCancel`). `Task.sleep` throws \
            `CancellationError` as soon as the task is cancelled, so the loop leaves at the cancel \
            (`ThreadExitTests.modernSleepEndsAtTheCancel`, with an hour-long sleep).
            """,
            """
            The seed's fix, re-checking `isCancelled` after the sleep and before the work, becomes \
            leaving the loop from the `catch` of `try await Task.sleep`: the work after the sleep is \
            skipped by construction.
            """,
            """
            The seed schedules `stopThread` with `performSelector:withObject:afterDelay: 3`, which \
            doesn't exist on Linux (`asyncAfter`, or `Task.sleep` then the call, see `delayed-task`). \
            The page's driver cancels at a gate instead, while the first iteration is about to \
            sleep, so the cancel always lands mid-iteration, as the seed's 3 s did inside its 4 s \
            sleep.
            """,
        ],
        pitfalls: [
            """
            `try? await Task.sleep(for:)` swallows the cancellation: the sleep ends early, and the \
            work after it runs once more, which is the seed's bug again \
            (`ThreadExitTests.tryQuestionMarkBringsTheExtraIterationBack`).
            """,
            """
            Releasing the thread (`myThread = nil`) doesn't stop it, and dropping a `Task` handle \
            doesn't cancel it: only `cancel()` does, and only where the work checks.
            """,
            """
            Never call `Thread.exit()` to stop a thread from inside: it skips the rest of the entry \
            point, its cleanup and its `defer`s. There is no forced kill for tasks at all.
            """,
            """
            A cancelled thread isn't gone yet: it lives until its entry point returns, up to a whole \
            sleep interval later. The test checks that the loop's thread is gone from `/proc/self/task` \
            once the loop has finished (`ThreadExitTests.noThreadOutlivesTheCancel`).
            """,
        ],
        annotations: [
            """
            `ThreadExit` is `@unchecked Sendable`: `myThread` is read and written holding an \
            `NSLock`, because `stopThread` runs on another thread than `start`. The rest is immutable.
            """,
            "`log` and `willSleep` are `@escaping @Sendable`: they run on the new thread.",
        ],
        differences: [
            """
            When the loop ends: the cancelled thread finishes a full sleep interval after the \
            cancel (`ThreadExitTests.legacySleepsOutItsIntervalAfterTheCancel`); the cancelled task \
            finishes at the cancel (`ThreadExitTests.modernSleepEndsAtTheCancel`). The transcripts \
            are the same.
            """
        ],
        errata: [
            """
            000 §7.17's first `threadEntryPoint` checks `isCancelled` only before its sleep, so \
            after a cancel during the sleep it logs `Thread Loop` once more (the seed's own output \
            shows it). Its second version re-checks after the sleep; that is the one on this page, \
            and the first is kept as a pitfall (`ThreadExitTests.seedFirstVersionLogsOneMoreLoop`).
            """
        ],
        replaces: [.thread, .threadCancel, .threadSleep, .threadExit, .performAfterDelay],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.ThreadExit.run(loopSleep: context.pace(.seconds(4)), log: context.log)
                    }
                },
                modern: { context in
                    await Modern.ThreadExit.run(loopSleep: context.pace(.seconds(4)), log: context.log)
                }
            ),
            Scenario(
                "seed's first version",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.ThreadExit.run(
                            loopSleep: context.pace(.seconds(4)), checksAfterSleep: false, log: context.log)
                    }
                },
                modern: { context in
                    await Modern.ThreadExit.run(
                        loopSleep: context.pace(.seconds(4)), swallowsCancellation: true, log: context.log)
                }
            ),
        ]
    )
}
