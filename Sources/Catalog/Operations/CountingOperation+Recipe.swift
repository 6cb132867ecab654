import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let countingOperation = Recipe(
        id: "operation-subclass-main",
        title: "`Operation` subclass overriding `main`",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" (`CountingOperation`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `YourOperation` overriding `main` and its notes on adding operations to a queue",
        ],
        file: "Operations/CountingOperation.swift",
        apis: [
            APIMapping("Operation subclass overriding main()", "an `async throws` function"),
            APIMapping("Operation.isCancelled in main()", "`try Task.checkCancellation()`, `Task.isCancelled`"),
            APIMapping("Operation.completionBlock", "the code after the `await`"),
            APIMapping("OperationQueue + addOperation", "a child task (`async let`, a task group)"),
            APIMapping("Operation.start()", "`await` the function"),
        ],
        prose: Articles.recipe("operation-subclass-main"),
        replaces: [
            .operation, .operationStart, .operationInternals, .operationQueue, .addOperation, .operationCancel,
        ],
        scenarios: [
            Scenario(
                "by hand",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.CountingOperation.runByHand(log: log) }
                },
                modern: { context in
                    try await Modern.CountingOperation.runByHand(log: context.log)
                }
            ),
            Scenario(
                "on a queue",
                rules: [.exact],
                legacy: { context in
                    let queue = OperationQueue()
                    await withCheckedContinuation { done in
                        Legacy.CountingOperation.runOnQueue(queue, log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.CountingOperation.runAsChildTask(log: context.log)
                }
            ),
            Scenario(
                "cancelled before start",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.CountingOperation.runCancelledBeforeStart(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.CountingOperation.runCancelledBeforeStart(log: context.log)
                }
            ),
        ]
    )
}
