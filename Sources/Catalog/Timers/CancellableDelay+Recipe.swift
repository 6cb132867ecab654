import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let cancellableDelay = Recipe(
        id: "cancellable-delay",
        title: "Delayed work that can be called off",
        chapter: .timers,
        sources: [
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Delaying Work with dispatch_after\" (its remark that you can't cancel `dispatch_after`)",
            "*iOS Programming Cookbook*, §7.7 \"Performing Tasks after a Delay with GCD\"",
        ],
        file: "Timers/CancellableDelay.swift",
        apis: [
            APIMapping(
                "DispatchWorkItem + cancel()",
                "the `Task` handle + `task.cancel()`; `Task.sleep` throws `CancellationError` at once"),
            APIMapping(
                "DispatchWorkItem.isCancelled", "`Task.isCancelled` inside the task; `await task.result` outside"),
            APIMapping(
                "asyncAfter(deadline:execute:) with a DispatchWorkItem", "`Task { try await Task.sleep(for:); … }`"),
        ],
        problem:
            "Schedule work for later, and call it off if it is no longer wanted before it fires: the hint that should not appear once the user has added a photo.",
        changes: [
            "The `DispatchWorkItem` you keep becomes the `Task` you keep; `item.cancel()` becomes `task.cancel()`.",
            "The legacy queue skips a cancelled item when its time comes. A cancelled task is woken at once: `Task.sleep` throws `CancellationError`, and everything after it is skipped.",
            "The task's `result` tells the caller what happened (`success`, or `CancellationError`); a work item gives no such answer.",
        ],
        pitfalls: [
            "Never wrap `Task.sleep` in `try?` in code that can be cancelled: the cancellation is swallowed, the sleep ends early, and the action runs at once instead of never (`CancellableDelayTests.trySleepSwallowsCancellation`).",
            "`DispatchWorkItem.cancel()` only stops an item that hasn't started. `task.cancel()` only sets a flag; code that is already running must check it (`Task.isCancelled`, `Task.checkCancellation()`), or reach an `await` that does.",
            "`DispatchWorkItem(block:)` takes a closure that is not `@Sendable` on Linux. Written in `@MainActor` code it inherits the main actor and traps when a background queue runs it (see `isolation-inference-trap`); create items in nonisolated code.",
            "A plain `asyncAfter` closure can't be cancelled at all, as the *Grand Central Dispatch Tutorial for Swift* says: wrap it in a `DispatchWorkItem` (in C, `dispatch_block_create`) or keep a task for anything you may want to call off.",
        ],
        annotations: [
            "`action` is `@escaping @Sendable`: the queue runs it later, on another thread. The work item that wraps it is created in nonisolated code."
        ],
        differences: [
            "A work item cancelled before its deadline never runs; a cancelled task does run, but only to its `Task.sleep`, which throws at once. Neither runs the action, and only the task can be awaited for the outcome (`CancellableDelayTests.cancelledBeforeTheDeadlineRecordsNothing`, `CancellableDelayTests.cancelledTaskEndsAtOnceWithCancellationError`).",
            "`DispatchWorkItem.cancel()` does not stop an item that has already started: it runs to its end. A started task sees the cancellation (`Task.isCancelled` is true, its next cancellable `await` ends early) and can stop between steps (`CancellableDelayTests.cancelDoesNotStopAStartedWorkItemButAStartedTaskSeesIt`).",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `schedule(after:action:)` would be main-actor-isolated and its task would inherit the main actor; `nonisolated` lets any code schedule the delayed task and keeps it off the main actor.",
        replaces: [.workItem, .workItemCancel, .asyncAfter],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    _ = await awaitDelayedCallback(noSoonerThan: context.pace(.seconds(1))) { report in
                        _ = Legacy.CancellableDelay.schedule(after: context.pace(.seconds(1))) {
                            sink.showFromMainQueue("Add photos with faces to Googlyify them!")
                            report(())
                        }
                        context.log("hint scheduled")
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let hint = Modern.CancellableDelay.schedule(after: context.pace(.seconds(1))) { @MainActor in
                        sink.show("Add photos with faces to Googlyify them!")
                    }
                    context.log("hint scheduled")
                    try await hint.value
                }
            ),
            Scenario(
                "cancelled",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    let delay = context.pace(.seconds(1))
                    let hint = Legacy.CancellableDelay.schedule(after: delay) {
                        sink.showFromMainQueue("Add photos with faces to Googlyify them!")
                    }
                    context.log("hint scheduled")
                    hint.cancel()
                    context.log("user added a photo: hint cancelled")
                    // A work item can't be awaited: give it three times its delay to (not) show up.
                    try await Task.sleep(for: delay * 3)
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let hint = Modern.CancellableDelay.schedule(after: context.pace(.seconds(1))) { @MainActor in
                        sink.show("Add photos with faces to Googlyify them!")
                    }
                    context.log("hint scheduled")
                    hint.cancel()
                    context.log("user added a photo: hint cancelled")
                    _ = await hint.result  // ends with CancellationError, without waiting for the delay
                }
            ),
        ]
    )
}
