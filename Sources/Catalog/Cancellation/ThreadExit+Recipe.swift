import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threadExit = Recipe(
        id: "thread-exit",
        title: "Cancel a sleeping thread loop without the extra iteration",
        chapter: .cancellation,
        sources: [
            "*iOS Programming Cookbook*, §7.17 \"Exiting Threads and Timers\" (`threadEntryPoint`, `stopThread`, the fixed loop)"
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
            The *iOS Programming Cookbook*'s fix, re-checking `isCancelled` after the sleep and \
            before the work, becomes leaving the loop from the `catch` of `try await Task.sleep`: \
            the work after the sleep is skipped by construction.
            """,
            """
            The classic version schedules `stopThread` with \
            `performSelector:withObject:afterDelay: 3`, which doesn't exist on Linux \
            (`asyncAfter`, or `Task.sleep` then the call, see `delayed-task`). \
            The page's driver cancels at a gate instead, while the first iteration is about to \
            sleep, so the cancel always lands mid-iteration, as the classic 3 s delay did inside \
            its 4 s sleep.
            """,
        ],
        pitfalls: [
            """
            `try? await Task.sleep(for:)` swallows the cancellation: the sleep ends early, and the \
            work after it runs once more, which is the bug of the first, unfixed loop again \
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
        appTargetNote: "In an app target with default `MainActor` isolation, `ThreadExit.start` would be main-actor-isolated and its task would inherit the main actor, running the loop there; `nonisolated` keeps the loop's task off the main actor and `stopThread` callable from anywhere.",
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
                "first version, unfixed",
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
