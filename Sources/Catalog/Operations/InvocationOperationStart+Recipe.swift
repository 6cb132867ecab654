import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let invocationOperationStart = Recipe(
        id: "invocation-operation-start",
        title: "Invocation operation with a parameter, started by hand",
        chapter: .operations,
        sources: [
            "*iOS Programming Cookbook*, §7.11 \"Running Tasks Synchronously with Operations\" (`simpleOperationEntry:`) and §7.0 \"Introduction\" (keep a reference to every operation)"
        ],
        file: "Operations/InvocationOperationStart.swift",
        apis: [
            APIMapping(
                "NSInvocationOperation(target:selector:object:) — not on Linux: BlockOperation { method(arg) }",
                "a direct call: `await simpleOperationEntry(123)`"
            ),
            APIMapping("BlockOperation + start()", "`await` the call; `Task.immediate` from synchronous code"),
        ],
        prose: Articles.recipe("invocation-operation-start"),
        replaces: [.invocationOperation, .blockOperation, .operationStart, .operation],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.InvocationOperationStart(log: log).startSimpleOperation() }
                },
                modern: { context in
                    await Modern.InvocationOperationStart(log: context.log).startSimpleOperation()
                }
            ),
            Scenario(
                "from synchronous code",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.InvocationOperationStart(log: log).startSimpleOperation() }
                },
                modern: { context in
                    let log = context.log
                    let task = await onOwnThread { Modern.InvocationOperationStart(log: log).startImmediately() }
                    await task.value
                }
            ),
        ]
    )
}
