import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let mainThreadCheck = Recipe(
        id: "main-thread-check",
        title: "\"Am I on main?\": threads vs isolation",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.4 \"Performing UI-Related Tasks with GCD\" (`Current thread = …` / `Main thread = …`)",
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" and §7.12 \"Running Tasks Asynchronously with Operations\" (the same thread logs in operations)",
        ],
        file: "Bridging/MainThreadCheck.swift",
        apis: [
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(.main))",
                "`@MainActor` (checked by the compiler); `MainActor.assertIsolated()` / `MainActor.preconditionIsolated()` at run time"
            ),
            APIMapping(
                "Thread.isMainThread",
                "no direct equivalent: ask about isolation (`MainActor.assertIsolated()`), not the thread"),
            APIMapping(
                "dispatchPrecondition in a callback documented to arrive on main",
                "`MainActor.assumeIsolated { … }` in the synchronous handler"),
        ],
        problem:
            "Check that code runs where the UI may be touched: on the main queue, or isolated to the main actor, and not merely on a thread that happens to be called \"main\".",
        changes: [
            "The classic check compares `[NSThread currentThread]` with `[NSThread mainThread]`. The legacy side asks the main *queue* instead: `dispatchPrecondition(condition: .onQueue(.main))` passes in every main-queue block, whichever thread runs it, and traps anywhere else.",
            "The modern side asks about isolation. A `@MainActor` function is checked by the compiler at every call site; `MainActor.assertIsolated()` restates it at run time for the reader (debug builds).",
            "A callback from code the compiler can't see (a library documented to call back on main) is where a run-time check is still needed: the handler is synchronous and nonisolated, so it wraps its main-actor work in `MainActor.assumeIsolated { … }`, which checks the promise and then lets it call `TitleScreen.show` without `await`.",
            "Both checks are real: a callback that breaks the promise traps in both (the \"callback off main\" scenario, in a child process), before any main-only state is touched. The main actor's executor *is* the main queue, so the two kinds of check agree and can be mixed while migrating (`MainThreadCheckTests.queueAndActorChecksAgree`).",
            "`Thread.isMainThread` is recorded for information only: under `compare`, `guide` and Swift Testing on Linux it is `false` in main-queue blocks and main-actor code alike, while every isolation check passes.",
        ],
        pitfalls: [
            "`MainActor.assumeIsolated` is unavailable from async code (\"await the call to the @MainActor closure directly\"), and it traps off the main actor: it is for synchronous callbacks that are known to run on main, not a way to hop there.",
            "`Thread.current` is unavailable from async code as well; a task has no thread of its own to ask about.",
            "`MainActor.assertIsolated()` is checked only in debug builds. Use `MainActor.preconditionIsolated()` where a release build must trap too; `dispatchPrecondition` and `assumeIsolated` also check in release builds.",
        ],
        platformNotes: [
            "**Linux**: `Thread.isMainThread` is `false` for main-queue and main-actor code after `dispatchMain()`, after the first `await` of an async `main`, and under Swift Testing (`MainThreadCheckTests.isMainThreadIsFalseInMainQueueAndMainActorCode`). Code that branches on it (\"if on main run inline, else hop\") takes the wrong branch there: see `main-inline-or-async`.",
            "**Linux**: off the main queue all of these checks end the process with SIGILL and print nothing of their own; the Swift runtime's crash report (shown for the \"callback off main\" scenario) names `dispatch_assert_queue` as the frame that trapped.",
        ],
        annotations: [
            "The completion handlers are `@escaping @Sendable`: they are called on the main queue, not on the caller's thread.",
            "The modern handler needs no annotation to touch `TitleScreen`: `assumeIsolated` hands its closure the main actor's isolation after checking it.",
        ],
        differences: [
            "Where the callback arrives off main, the legacy handler traps in `dispatchPrecondition` and the modern one in `MainActor.assumeIsolated`, both with SIGILL after the same first line (`MainThreadCheckTests.brokenPromiseTrapsOnBothSides`); on main, both run the update (`MainThreadCheckTests.callbackOnMainPassesBothChecks`)."
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `fetchTitle`, `showTitle` and their broken twins would be main-actor-isolated, so only main-actor code could call them; `nonisolated` keeps the callback API and its handlers callable from anywhere, leaving `assumeIsolated` to check the main-queue promise.",
        replaces: [.dispatchPrecondition, .isMainThread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let isMainThread = await withCheckedContinuation { done in
                        Legacy.MainThreadCheck.updateOnMainQueue(log: context.log) { done.resume(returning: $0) }
                    }
                    context.record("Thread.isMainThread", isMainThread)
                },
                modern: { context in
                    let isMainThread = await MainActor.run {
                        Modern.MainThreadCheck.updateOnMainActor(log: context.log)
                    }
                    context.record("Thread.isMainThread", isMainThread)
                }
            ),
            Scenario(
                "callback on main",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.MainThreadCheck.showTitle(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    let screen = await TitleScreen(log: context.log)
                    await withCheckedContinuation { done in
                        Modern.MainThreadCheck.showTitle(on: screen) { done.resume() }
                    }
                }
            ),
            Scenario(
                "callback off main",
                rules: [.subprocessDemo(legacy: .traps, modern: .traps)],
                legacy: .childProcess(
                    .async { _, log in
                        await withCheckedContinuation { done in
                            Legacy.MainThreadCheck.showTitleFromWrongQueue(log: log) { done.resume() }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        let screen = await TitleScreen(log: log)
                        await withCheckedContinuation { done in
                            Modern.MainThreadCheck.showTitleFromWrongQueue(on: screen, log: log) { done.resume() }
                        }
                    }),
                showsCrashReport: true
            ),
        ]
    )
}
