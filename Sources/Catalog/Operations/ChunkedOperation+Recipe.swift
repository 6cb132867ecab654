import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let chunkedOperation = Recipe(
        id: "operation-cancellation",
        title: "Cooperative cancellation of operations",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\" (check connectivity every 20 s) and §7.12 \"Running Tasks Asynchronously with Operations\" (the subclass checklist)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its cancellable `main` (`while (notDone && !self.isCancelled)`)",
        ],
        file: "Operations/ChunkedOperation.swift",
        apis: [
            APIMapping("Operation.cancel()", "`task.cancel()`"),
            APIMapping(
                "Operation.isCancelled checked between chunks in main()",
                "`Task.isCancelled`, `try Task.checkCancellation()`"
            ),
            APIMapping("cancelAllOperations()", "cancel the task (or group) that runs the jobs"),
        ],
        prose: Articles.recipe("operation-cancellation"),
        replaces: [.operation, .operationCancel, .operationInternals, .operationQueue, .addOperation, .addDependency],
        scenarios: [
            Scenario(
                "cancelled while running",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ChunkedOperation.runCancelledWhileRunning(log: log) }
                },
                modern: { context in
                    await Modern.ChunkedOperation.runCancelledWhileRunning(log: context.log)
                }
            ),
            Scenario(
                "cancel all: running and queued",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ChunkedOperation.runCancelAll(log: log) }
                },
                modern: { context in
                    await Modern.ChunkedOperation.runCancelAll(log: context.log)
                }
            ),
        ]
    )
}
