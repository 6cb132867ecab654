import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let isolationInferenceTrap = Recipe(
        id: "isolation-inference-trap",
        title: "MainActor closures handed to non-`@Sendable` Dispatch parameters",
        chapter: .bridging,
        sources: [
            "Seen in real code whenever a legacy group, source or work-item pattern (`dispatch-group-notify`, `cancel-work-items`, `repeating-timer`) gets a `@MainActor` caller; it explains the Swift 6 pitfall that follows"
        ],
        file: "Bridging/ReloadController.swift",
        apis: [
            APIMapping(
                "DispatchGroup.notify(queue: .global()) { … } in @MainActor code",
                "the code after `await withTaskGroup`; or `{ @Sendable in … }`, or the Dispatch code in a `nonisolated` function"
            ),
            APIMapping(
                "DispatchWorkItem(block:), setEventHandler, setCancelHandler in @MainActor code",
                "`{ @Sendable in … }`; a `Task` or an `AsyncStream` consumed by a task"),
        ],
        problem:
            "A closure written in `@MainActor` code and passed to a Dispatch parameter that is not `@Sendable` (`DispatchGroup.notify`, `DispatchWorkItem(block:)`, `setEventHandler`) is inferred to be `@MainActor` too, and Swift 6 checks that when it runs: on any other queue the process dies.",
        changes: [
            "The buggy legacy controller is `@MainActor` (a view controller is) and calls `group.notify(queue: .global()) { … }`. The closure inherits `@MainActor`, Swift 6 inserts an isolation check at its start, and the check fails on the global queue. The child process logs `loading 3 pages` and dies with SIGILL (exit status 132); nothing it would have logged afterwards appears.",
            "What it prints to standard error is the Swift runtime's crash report, shown above as a digest: `*** Program crashed: Illegal instruction ***`, and the crashed thread's frames from `_dispatch_assert_queue_fail` / `dispatch_assert_queue` (the main actor's executor asks libdispatch whether this is the main queue) through `swift_task_isCurrentExecutorWithFlags` to the closure itself. There is no message naming the actor: on Linux the check fails inside `dispatch_assert_queue`, which traps without a word. With the runtime's backtracer off (`SWIFT_BACKTRACE=enable=no`), standard error is empty and the exit status is all there is.",
            "Two legacy fixes, both recording `group done`: mark the closure `{ @Sendable in … }`, which is never inferred to be `@MainActor` (and which the compiler then stops from touching main-actor state), or keep the Dispatch code in a `nonisolated` function, where there is no actor to inherit.",
            "The modern side has nothing to trap: `await withTaskGroup` suspends the main-actor caller, the children run on the global executor, and the code after the group runs back on the main actor. Isolation is stated, not inferred from where a closure was written.",
        ],
        pitfalls: [
            "There is no compile-time diagnostic, not even a warning: the package builds with warnings as errors. The trap appears only when the closure runs, possibly on a rarely taken path.",
            "`queue.async`, `asyncAfter` and `DispatchQueue.concurrentPerform` take `@Sendable` closures and are safe; `notify`, `DispatchWorkItem(block:)`, `setEventHandler` and `setCancelHandler` take plain ones and are not.",
            "`group.notify(queue: .main) { … }` from `@MainActor` code passes the check (the main actor's executor is the main queue): the trap needs a closure that runs somewhere else, which makes it easy to miss in a first test.",
            "Never put legacy Dispatch code in top-level `main.swift` code or in a target built with `.defaultIsolation(MainActor.self)`: everything there is `@MainActor`, so every such closure is too.",
        ],
        platformNotes: [
            "**Linux**: whether it traps depends on the file's imports. Swift 6.3.1 inserts the check only where the file says `import Dispatch`; in a file that imports only Foundation (which brings Dispatch along) the same `@MainActor` closure runs on the global queue unchecked, and may even call synchronous main-actor methods there: no trap, just a data race (`ReloadControllerFoundationOnlyTests.withoutImportDispatchTheClosureRunsOffMainUnchecked`). The legacy file imports Dispatch to show the trap; the fixes are the same either way.",
            "**Linux**: the crash report is the only clue, and only while the runtime's backtracer is on (the default for a program run from a terminal). Look for `swift_task_isCurrentExecutorWithFlags` under a closure of yours. Setting `SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy` makes the runtime print `Incorrect actor executor assumption; Expected same executor as MainActor` instead, but that mode asks for the main *thread*, so it also flags correct main-queue code that runs after `dispatchMain()`.",
        ],
        annotations: [
            "`ReloadController` is `@MainActor` on purpose: that is the code the trap lives in. The lint that keeps `@MainActor` out of legacy files exempts this bridging recipe.",
            "`PageCounter` is `@unchecked Sendable`: its count is only touched with its `NSLock` held.",
            "The completion handlers are `@escaping @Sendable`: they are called on a global queue.",
        ],
        differences: [
            "The legacy `notify` closure written in `@MainActor` code traps with SIGILL after `loading 3 pages`, and its crash report names `dispatch_assert_queue`; the modern task group finishes (`ReloadControllerTests.mainActorNotifyClosureTrapsOnAGlobalQueue`, `ReloadControllerTests.modernTaskGroupFinishesInAChildProcess`).",
            "Both legacy fixes run the same closure body on a global queue and log `group done` (`ReloadControllerTests.legacyFixesRunTheClosureOffMain`).",
            "In a file that does not import Dispatch, the same `@MainActor` closure is not checked and runs off the main queue (`ReloadControllerFoundationOnlyTests.withoutImportDispatchTheClosureRunsOffMainUnchecked`).",
        ],
        isBridging: true,
        replaces: [.groupNotifyGlobal, .groupNotify, .workItem, .sourceHandlers],
        scenarios: [
            Scenario(
                "MainActor closure to notify",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        let controller = await Legacy.ReloadController(log: log)
                        await withCheckedContinuation { done in
                            Task { @MainActor in controller.reload { done.resume() } }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ReloadController(log: log).reload()
                    }),
                showsCrashReport: true
            ),
            Scenario(
                "fixed: @Sendable closure",
                rules: [.exact],
                legacy: { context in
                    let controller = await Legacy.ReloadController(log: context.log)
                    await withCheckedContinuation { done in
                        Task { @MainActor in controller.reloadWithSendableClosure { done.resume() } }
                    }
                },
                modern: { context in
                    await Modern.ReloadController(log: context.log).reload()
                }
            ),
            Scenario(
                "fixed: nonisolated function",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.ReloadController.loadPages(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.ReloadController(log: context.log).reload()
                }
            ),
        ]
    )
}
