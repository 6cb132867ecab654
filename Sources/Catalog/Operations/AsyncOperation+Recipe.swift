import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let asyncOperation = Recipe(
        id: "operation-subclass-async",
        title: "Asynchronous `Operation`: manual `isExecuting`/`isFinished`",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.12 \"Running Tasks Asynchronously with Operations\" (`SimpleOperation` with `isConcurrent`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `YourOperation` overriding `start`",
        ],
        file: "Operations/AsyncOperation.swift",
        apis: [
            APIMapping(
                "Operation subclass overriding start() (isAsynchronous, isExecuting, isFinished)",
                "an `async` function around `withCheckedThrowingContinuation`"
            ),
            APIMapping(
                "willChangeValue(forKey:) / didChangeValue(forKey:) on an Operation",
                "nothing: the function returns when the work is done"
            ),
            APIMapping(
                "Operation.cancel() while waiting for a callback",
                "`withTaskCancellationHandler`, resuming the continuation once"
            ),
            APIMapping("Operation.waitUntilFinished()", "`await` the function"),
        ],
        prose: Articles.recipe("operation-subclass-async"),
        replaces: [.operation, .operationCancel, .waitUntilFinished],
        scenarios: [
            Scenario(
                rules: [
                    .multiset,
                    .perSourceOrder(["Operation 111", "Operation 222"]),
                    .partialOrder([
                        OrderConstraint(.prefix("Operation 111 - Parameter"), before: .line("Both finished")),
                        OrderConstraint(.prefix("Operation 222 - Parameter"), before: .line("Both finished")),
                    ]),
                ],
                legacy: { context in
                    let request = Legacy.AsyncOperation.echo(after: context.pace(.seconds(1)))
                    let queue = OperationQueue()
                    await withCheckedContinuation { done in
                        Legacy.AsyncOperation.runPair(on: queue, request: request, log: context.log) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    let request = Modern.AsyncOperation.echo(after: context.pace(.seconds(1)))
                    try await Modern.AsyncOperation.runPair(request: request, log: context.log)
                }
            ),
            Scenario(
                "cancelled before start",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.AsyncOperation.runCancelledBeforeStart(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.AsyncOperation.runCancelledBeforeStart(log: context.log)
                }
            ),
            Scenario(
                "cancelled while waiting",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.AsyncOperation.runCancelledWhileWaiting(log: log) }
                },
                modern: { context in
                    await Modern.AsyncOperation.runCancelledWhileWaiting(log: context.log)
                }
            ),
        ]
    )
}
