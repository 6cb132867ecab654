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
        prose: Articles.recipe("main-queue-ui-update"),
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
