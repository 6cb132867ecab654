import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let operationQueueAsync = Recipe(
        id: "operation-queue-async",
        title: "Operations on a queue run off-thread; the caller continues",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.12 \"Running Tasks Asynchronously with Operations\" (two invocation operations on an `NSOperationQueue`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its notes on operation queues and on adding an operation to one",
        ],
        file: "Operations/OperationQueueAsync.swift",
        apis: [
            APIMapping("OperationQueue + addOperation", "`async let` (child tasks), a task group"),
            APIMapping("NSInvocationOperation — not on Linux: BlockOperation", "an `async` function"),
            APIMapping("waitUntilAllOperationsAreFinished", "`await` the `async let` values"),
        ],
        prose: Articles.recipe("operation-queue-async"),
        replaces: [.operationQueue, .addOperation, .blockOperation, .waitUntilFinished, .operation],
        scenarios: [
            Scenario(
                rules: [.multiset, .perSourceOrder(["firstOperationEntry", "secondOperationEntry"])],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.OperationQueueAsync().runAndWait(log: log) }
                },
                modern: { context in
                    await Modern.OperationQueueAsync.runTwoEntries(log: context.log)
                }
            ),
            Scenario(
                "gated",
                rules: [
                    .partialOrder([
                        OrderConstraint(.line("Main thread is here"), before: .prefix("firstOperationEntry")),
                        OrderConstraint(.line("Main thread is here"), before: .prefix("secondOperationEntry")),
                    ]),
                    .perSourceOrder(["Main thread is here", "firstOperationEntry", "secondOperationEntry"]),
                ],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.OperationQueueAsync().runGatedAndWait(log: log) }
                },
                modern: { context in
                    await Modern.OperationQueueAsync.runGated(log: context.log)
                }
            ),
        ]
    )
}
