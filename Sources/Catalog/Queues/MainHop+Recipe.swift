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
        problem:
            "Code that may be called on main or off it wants to update the UI now when it is already on main, and hop to main otherwise, without reordering what it sends there.",
        changes: [
            "`if Thread.isMainThread { block() } else { DispatchQueue.main.async(execute: block) }` becomes `Task.immediate { @MainActor in … }`. Called on the main actor, the body runs before the caller's next line (`ran`, `after`); called elsewhere, it is enqueued on the main actor and runs later (`after`, `ran`).",
            "The legacy side asks the main queue, not the thread: a `DispatchSpecificKey` is set on `DispatchQueue.main`, and `getSpecific(key:)` finds it only in main-queue code. The modern side asks nothing at run time: the closure is `@MainActor`, which the compiler checks.",
            "Blocks sent from one thread keep their order on both sides: the main queue is FIFO, and tasks enqueued on the main actor from one context start in creation order.",
            "In synchronous code that must already be on the main actor, `MainActor.assumeIsolated { … }` runs the closure inline and traps elsewhere; it replaces the \"inline if on main\" half without the fallback.",
        ],
        pitfalls: [
            "`Task.immediate` recognises the main *actor*, not the main queue: called from nonisolated code inside a `DispatchQueue.main.async` block, it enqueues the body instead of running it inline (`MainHopTests.modernRunOnMainFromALegacyMainQueueBlockIsEnqueued`). In such mixed code, `MainActor.assumeIsolated` works, because it checks the queue (`MainHopTests.assumeIsolatedWorksInALegacyMainQueueBlock`).",
            "`Thread.isMainThread` answers a different question: which thread runs the code, not which queue or actor it runs on.",
            "Running inline is what makes the pattern useful, and also what makes it surprising: the caller's state may change under it before its next line. Prefer always hopping (`Task { @MainActor in … }`) unless you need the synchronous update.",
            "A plain `Task { @MainActor in … }` from the main actor never runs inline: it waits until the current code returns (see `sync-vs-async-order`).",
        ],
        platformNotes: [
            "**Linux**: main-queue blocks run off the main thread after `dispatchMain()` and under Swift Testing, so the copied macro posts from main and reorders the UI work (`MainHopTests.threadCheckPostsFromTheMainQueueOnLinux`).",
            "**Darwin**: the opposite slip exists: a `sync` onto another queue from main runs its block on the main thread.",
        ],
        annotations: [
            "The blocks are `@escaping @Sendable`: they may run on the main queue's thread rather than the caller's.",
            "The main-queue key is a `static let` initialised once (Swift runs static initialisers exactly once, thread-safely), so `setSpecific` on the main queue happens once.",
        ],
        differences: [
            "Legacy also ships the copied `Thread.isMainThread` version to show its wrong answer: called from a main-queue block under Swift Testing on Linux it logs `after`, `ran`, where the queue-key version and `Task.immediate` log `ran`, `after` (`MainHopTests.threadCheckPostsFromTheMainQueueOnLinux`)."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `runOnMain` would be main-actor-isolated, so only main-actor code could call it and it would always run the body at once; `nonisolated` lets code anywhere call it, enqueueing the body when the caller is off the main actor.",
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
