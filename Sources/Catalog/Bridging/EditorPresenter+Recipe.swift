import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let syncCallbackNeedsMain = Recipe(
        id: "sync-callback-needs-main",
        title: "A synchronous callback that must wait for main",
        chapter: .bridging,
        sources: [
            "Seen in real code: `NSFilePresenter` implementations whose `savePresentedItemChanges` and "
                + "`relinquishPresentedItem(toWriter:)` read the document's state with `DispatchQueue.main.sync` "
                + "on the presenter's own operation queue; SDK delegates whose return value the SDK reads, "
                + "answered the same way",
            "Apple's documentation for `NSFilePresenter.presentedItemOperationQueue` and "
                + "`savePresentedItemChanges(completionHandler:)`",
        ],
        file: "Bridging/EditorPresenter.swift",
        apis: [
            APIMapping(
                "DispatchQueue.main.sync { … } inside a framework callback that must return main's answer",
                "ask the framework for the main queue (a presenter's `presentedItemOperationQueue` returns `OperationQueue.main`), then "
                    + "`MainActor.assumeIsolated { … }` in the callback"
            ),
            APIMapping(
                "NSFilePresenter's savePresentedItemChanges(completionHandler:) answered with main.sync",
                "return at once and call the completion from `Task { @MainActor in … }`"
            ),
            APIMapping(
                "main.sync in a callback that must stay on the framework's queue",
                "a `noasync` hop: inline when already on the main queue, else `main.sync` around "
                    + "`MainActor.assumeIsolated`; never from a task"
            ),
        ],
        prose: Articles.recipe("sync-callback-needs-main"),
        isBridging: true,
        replaces: [.filePresenter, .mainSync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let presenter = Legacy.EditorPresenter(editor: Legacy.Editor(log: context.log))
                    await withCheckedContinuation { done in
                        Legacy.SaveCoordinator(log: context.log).write(2, with: presenter) { done.resume() }
                    }
                },
                modern: { context in
                    let presenter = Modern.EditorPresenter(editor: await Modern.Editor(log: context.log))
                    await Modern.SaveCoordinator(log: context.log).write(2, with: presenter)
                }
            ),
            Scenario(
                "the callback stays on the framework's queue",
                rules: [.exact],
                legacy: { context in
                    let presenter = Legacy.EditorPresenter(editor: Legacy.Editor(log: context.log))
                    await withCheckedContinuation { done in
                        Legacy.SaveCoordinator(log: context.log).write(2, with: presenter) { done.resume() }
                    }
                },
                modern: { context in
                    let presenter = Modern.BlockingEditorPresenter(
                        editor: await Modern.Editor(log: context.log),
                        presenterQueue: DispatchQueue(label: "presenter"))
                    await Modern.SaveCoordinator(log: context.log).write(2, with: presenter)
                }
            ),
            Scenario(
                "the framework calls on main",
                rules: [.exact],
                legacy: { context in
                    let presenter = Legacy.BlockingEditorPresenter(
                        editor: Legacy.Editor(log: context.log), presenterQueue: .main)
                    await withCheckedContinuation { done in
                        Legacy.SaveCoordinator(log: context.log).write(2, with: presenter) { done.resume() }
                    }
                },
                modern: { context in
                    let presenter = Modern.BlockingEditorPresenter(
                        editor: await Modern.Editor(log: context.log), presenterQueue: .main)
                    await Modern.SaveCoordinator(log: context.log).write(2, with: presenter)
                }
            ),
            Scenario(
                "completion handler",
                rules: [.exact],
                legacy: { context in
                    let presenter = Legacy.SavingEditorPresenter(
                        editor: Legacy.Editor(log: context.log), presenterQueue: DispatchQueue(label: "presenter"))
                    await withCheckedContinuation { done in
                        Legacy.SaveCoordinator(log: context.log).write(3, with: presenter) { done.resume() }
                    }
                },
                modern: { context in
                    let presenter = Modern.SavingEditorPresenter(
                        editor: await Modern.Editor(log: context.log),
                        presenterQueue: DispatchQueue(label: "presenter"))
                    await Modern.SaveCoordinator(log: context.log).write(3, with: presenter)
                }
            ),
            Scenario(
                "naive main.sync when the framework calls on main",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        let presenter = Legacy.EditorPresenter(editor: Legacy.Editor(log: log), presenterQueue: .main)
                        await withCheckedContinuation { done in
                            Legacy.SaveCoordinator(log: log).write(1, with: presenter) { done.resume() }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        let presenter = Modern.EditorPresenter(editor: await Modern.Editor(log: log))
                        await Modern.SaveCoordinator(log: log).write(1, with: presenter)
                    }),
                showsCrashReport: true
            ),
        ]
    )
}

extension CodeShape {
    /// A file presenter: synchronous callbacks on a queue of its own, often answered from main.
    static let filePresenter = CodeShape(
        "NSFilePresenter",
        swift: [
            "NSFilePresenter", "presentedItemOperationQueue", "savePresentedItemChanges", "relinquishPresentedItem",
        ],
        objc: [
            "NSFilePresenter", "presentedItemOperationQueue", "savePresentedItemChangesWithCompletionHandler",
            "relinquishPresentedItemToWriter", "relinquishPresentedItemToReader",
        ],
        modern: "the main queue asked for, then `MainActor.assumeIsolated`; or the completion called from a task",
        home: "sync-callback-needs-main")
}
