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
        prose: Articles.recipe("dispatch-group-notify"),
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
