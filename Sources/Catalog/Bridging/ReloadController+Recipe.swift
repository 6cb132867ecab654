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
        prose: Articles.recipe("isolation-inference-trap"),
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
