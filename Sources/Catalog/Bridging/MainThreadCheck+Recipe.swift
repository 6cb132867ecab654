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
        prose: Articles.recipe("main-thread-check"),
        isBridging: true,
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
