import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let mainQueueUIUpdate = Recipe(
        id: "main-queue-ui-update",
        title: "Hand UI work to the main queue",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.4 \"Performing UI-Related Tasks with GCD\""
        ],
        file: "Queues/AlertPresenter.swift",
        apis: [
            APIMapping(
                "DispatchQueue.main",
                "`@MainActor` types and functions; `Task { @MainActor in }` from synchronous code; `await MainActor.run {}`"
            ),
            APIMapping("DispatchQueue.async", "`await` a `@MainActor` method (the compiler inserts the hop)"),
            APIMapping("_f variants (dispatch_async_f)", "closures capturing `Sendable` values"),
        ],
        problem: "UI work must run on the main queue, so any thread sends it there asynchronously.",
        changes: [
            "The presenter becomes `@MainActor`: \"call this on main only\" moves from a comment and a `dispatchPrecondition` into the type, and the compiler rejects a call from elsewhere that doesn't `await`.",
            "From async code, `await presenter.showAlert(…)` hops to the main actor and back; `await MainActor.run { … }` does the same for a block. From synchronous code, `Task { @MainActor in … }` is the closest match to `DispatchQueue.main.async`.",
            "`UIAlertView` becomes a presenter that records `Alert: <title> / <message> / <cancel>` (Linux has no UIKit).",
            "The classic `dispatch_async_f` variant `malloc`s an `AlertViewData` struct that the callee must `free`. In Swift the block captures a `Sendable` struct, and ARC does the rest.",
        ],
        pitfalls: [
            "A closure written in `@MainActor` code and passed to a Dispatch parameter that isn't `@Sendable` inherits the main actor, and traps when Dispatch runs it elsewhere (see `isolation-inference-trap`). Keep legacy dispatching code nonisolated.",
            "`Task { @MainActor in … }` runs after the current main-actor job, not inline, just like `main.async` from main.",
        ],
        platformNotes: [
            "**Linux**: main-queue and main-actor code may run on a thread that is not the process's main thread (Swift Testing, `dispatchMain()`, async `main`). Check isolation with `MainActor.assertIsolated()` or `dispatchPrecondition(condition: .onQueue(.main))`, never `Thread.isMainThread`.",
        ],
        annotations: [
            "`AlertPresenter` is `Sendable` without `@unchecked`: it holds only a `@Sendable` closure. Its `dispatchPrecondition` enforces the main-queue rule at run time, which the modern `@MainActor` enforces at compile time.",
            "`AlertViewData` is a `Sendable` struct, so the block that captures it may cross to the main queue.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `AlertViewData` would be main-actor-isolated, though it is the value that crosses to the main actor; `nonisolated` keeps it a plain `Sendable` value that any code can build.",
        replaces: [.mainAsync, .mainQueue, .dispatchPrecondition, .performSelectorOnMainThread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        let presenter = Legacy.AlertPresenter { line in
                            sink.showFromMainQueue(line)
                            done.resume()
                        }
                        presenter.announceGCD()
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let presenter = await Modern.AlertPresenter { @MainActor line in sink.show(line) }
                    await presenter.announceGCD()
                }
            ),
            Scenario(
                "context variant",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        let presenter = Legacy.AlertPresenter { line in
                            sink.showFromMainQueue(line)
                            done.resume()
                        }
                        presenter.announce(
                            Legacy.AlertViewData(title: "GCD", message: "GCD is amazing.", cancelButtonTitle: "OK"))
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let presenter = await Modern.AlertPresenter { @MainActor line in sink.show(line) }
                    await presenter.announce(
                        Modern.AlertViewData(title: "GCD", message: "GCD is amazing.", cancelButtonTitle: "OK")
                    ).value
                }
            ),
        ]
    )
}
