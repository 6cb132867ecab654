import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let mainInlineOrAsync = Recipe(
        id: "main-inline-or-async",
        title: "Run now if on main, else hop to main",
        chapter: .queues,
        sources: [
            "Seen in real code: onevcat/Kingfisher Sources/Utility/CallbackQueue.swift (safeAsync); ReactiveX/RxSwift RxSwift/Schedulers/MainScheduler.swift; the dispatch_main_async_safe macro"
        ],
        file: "Queues/MainHop.swift",
        apis: [
            APIMapping(
                "if Thread.isMainThread { block() } else { DispatchQueue.main.async(execute: block) }",
                "`Task.immediate { @MainActor in … }` (SE-0472)"
            ),
            APIMapping(
                "DispatchSpecificKey on DispatchQueue.main, getSpecific(key:)",
                "`@MainActor` isolation: `Task.immediate { @MainActor in … }`, `MainActor.assumeIsolated` in synchronous code"
            ),
            APIMapping("Thread.isMainThread", "`MainActor.assertIsolated()`, `@MainActor`"),
            APIMapping(
                "DispatchQueue.main.async",
                "`Task { @MainActor in … }`; `Task.immediate { @MainActor in … }` to start inline when already there"),
        ],
        prose: Articles.recipe("main-inline-or-async"),
        replaces: [.isMainThread, .mainAsync, .queueSpecific],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.MainHop.runThenContinue(log: context.log) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    await MainActor.run { Modern.MainHop.runThenContinue(log: context.log) }.value
                }
            ),
            Scenario(
                "from background",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            Legacy.MainHop.runThenContinue(log: context.log) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    let task = await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            done.resume(returning: Modern.MainHop.runThenContinue(log: context.log))
                        }
                    }
                    await task.value
                }
            ),
            Scenario(
                "three blocks",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.MainHop.runThree(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    for task in Modern.MainHop.runThree(log: context.log) { await task.value }
                }
            ),
        ]
    )
}
