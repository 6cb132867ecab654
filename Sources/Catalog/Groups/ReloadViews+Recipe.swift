import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchGroupNotify = Recipe(
        id: "dispatch-group-notify",
        title: "One notification after several tasks",
        chapter: .groups,
        sources: [
            "*iOS Programming Cookbook*, §7.9 \"Grouping Tasks Together with GCD\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its description of dispatch groups, its quotation of the GCD tutorial's Part 2 `downloadPhotosWithCompletion` (the `dispatch_group_notify` version) and its rules for `dispatch_group_enter` and `dispatch_group_leave`",
        ],
        file: "Groups/ReloadViews.swift",
        apis: [
            APIMapping("DispatchGroup", "`withTaskGroup` / `withDiscardingTaskGroup`; `async let`"),
            APIMapping("async(group:)", "`group.addTask`; on the main actor, a plain call"),
            APIMapping("DispatchGroup enter/leave", "task-group child; a continuation resumed exactly once"),
            APIMapping("DispatchGroup.notify(queue:)", "code after `await withTaskGroup`"),
            APIMapping("_f variants (dispatch_group_async_f)", "a closure capturing `Sendable` values"),
        ],
        problem: "Run several tasks and get a single callback once all of them have finished.",
        changes: [
            "`notify(queue:)` becomes the line after the work. In the main-queue form the three reloads were queued on one serial queue, so on the main actor they are just three calls in a row, and the alert is the fourth.",
            "Background work becomes child tasks of a `withDiscardingTaskGroup` (or `withTaskGroup`, when the children return values). The group returns only when every child has finished, so the alert is always last, whatever order the children ran in.",
            "`enter()`/`leave()` disappear: a child is counted from `addTask` until it returns, and no code path can forget to leave or leave twice.",
            "The `dispatch_group_async_f` form (a C function plus a context pointer) is a closure in Swift on the legacy side too; it runs the three reloads in one block and gives the same four lines.",
        ],
        pitfalls: [
            "A group doesn't order its tasks. The reloads in the classic example run in order only because the main queue is serial; on a global queue, or as child tasks, they run in any order.",
            "`notify` on a group that has nothing in it fires at once, so add the work first. `enter()` must come before the matching `leave()`, on every path.",
            "The balance rule moves to continuations: when you bridge a callback API, resume the continuation exactly once on every path. A second resume traps (`SWIFT TASK CONTINUATION MISUSE`), and a path that never resumes leaves the awaiting task suspended forever, with only a warning on standard error.",
        ],
        annotations: [
            "`show`, `log` and `completion` are `@escaping @Sendable`: they run on the main queue or a global queue, not on the caller's thread.",
            "The closure passed to `notify(queue:)` is not `@Sendable` in the API. It is written in nonisolated code; written inside `@MainActor` code it would inherit main-actor isolation, and trap as soon as the group notifies on a queue other than the main queue (see `isolation-inference-trap`).",
        ],
        differences: [
            "The legacy functions return before anything is reloaded: the blocks wait on the main queue, and the caller learns of the end through `completion`. The modern main-actor function returns after the alert (`ReloadViewsTests.legacyReturnsBeforeTheFirstReload`, `ReloadViewsTests.modernReturnsAfterTheAlert`)."
        ],
        errata: [
            "*iOS Programming Cookbook*, §7.9: the problem statement says a group makes GCD run the tasks one after another, building dependencies between them. It doesn't: a group only tells you when all of them have finished. The order in the example comes from the serial main queue.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `reloadInBackground` would run on the main actor like `reloadOnMainActor`; `nonisolated` keeps it on the caller's executor, leaving only the explicitly `@MainActor` form on the main actor.",
        replaces: [.groupNotify, .dispatchGroup, .groupEnter, .groupLeave, .groupAsync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        Legacy.ReloadViews.reloadOnMainQueue(show: { sink.showFromMainQueue($0) }) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.ReloadViews.reloadOnMainActor { sink.show($0) }
                }
            ),
            Scenario(
                "one block",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        Legacy.ReloadViews.reloadInOneBlock(show: { sink.showFromMainQueue($0) }) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.ReloadViews.reloadOnMainActor { sink.show($0) }
                }
            ),
            Scenario(
                "background",
                rules: [
                    .multiset,
                    .partialOrder([
                        OrderConstraint(.prefix("reload"), before: .line("Finished: All tasks are finished"))
                    ]),
                ],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.ReloadViews.reloadInBackground(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.ReloadViews.reloadInBackground(log: context.log)
                }
            ),
            Scenario(
                "extra leave",
                rules: [.subprocessDemo(legacy: .traps, modern: .traps)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.ReloadViews.leaveTooOften(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ReloadViews.resumeTooOften(log: log)
                    })
            ),
            Scenario(
                "missing leave",
                rules: [.subprocessDemo(legacy: .hangs, modern: .hangs)],
                legacy: .childProcess(
                    .async { _, log in
                        await withCheckedContinuation { done in
                            Legacy.ReloadViews.forgetToLeave(log: log) { done.resume() }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ReloadViews.forgetToResume(log: log)
                    })
            ),
        ]
    )
}
