import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let blockOperationStart = Recipe(
        id: "block-operation-start",
        title: "`start()` blocks the caller until the block finishes",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" (the `NSBlockOperation` counting to 999)"
        ],
        file: "Operations/BlockOperationStart.swift",
        apis: [
            APIMapping(
                "BlockOperation + start()",
                "`await` an async function; `@concurrent` so that the work leaves the caller's actor"
            ),
            APIMapping("NSBlockOperation blockOperationWithBlock:", "an `async` function"),
        ],
        prose: Articles.recipe("block-operation-start"),
        replaces: [.operationStart, .blockOperation, .operation],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.BlockOperationStart.countThenContinue(log: log) }
                },
                modern: { context in
                    await Modern.BlockOperationStart.countThenContinue(log: context.log)
                }
            )
        ]
    )
}
