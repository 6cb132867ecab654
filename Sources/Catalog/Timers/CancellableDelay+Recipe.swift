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
                "asyncAfter(deadline:execute:) with a DispatchWorkItem",
                "a deadline taken at the call, then `Task { @MainActor in try await clock.sleep(until:); try Task.checkCancellation(); … }`"
            ),
        ],
        prose: Articles.recipe("cancellable-delay"),
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
                modern: { context in try await modernHint(context, cancelled: false) }
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
                modern: { context in try await modernHint(context, cancelled: true) }
            ),
        ]
    )
}

/// The modern hint, scheduled and (in the "cancelled" scenario) cancelled on the main actor, as a
/// view controller does.
@MainActor
private func modernHint(_ context: RunContext, cancelled: Bool) async throws {
    let sink = UISink(log: context.log)
    let hint = Modern.CancellableDelay.schedule(after: context.pace(.seconds(1))) {
        sink.show("Add photos with faces to Googlyify them!")
    }
    context.log("hint scheduled")
    if cancelled {
        hint.cancel()
        context.log("user added a photo: hint cancelled")
        _ = await hint.result  // ends with CancellationError, without waiting for the delay
    } else {
        try await hint.value
    }
}
