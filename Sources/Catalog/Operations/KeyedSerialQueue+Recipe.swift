import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let keyedSerialExecution = Recipe(
        id: "keyed-serial-execution",
        title: "Same key: one at a time, in order; different keys: in parallel",
        chapter: .operations,
        sources: [
            "Seen in real code: pluralsight/PSOperations PSOperations/ExclusivityController.swift (Apple's WWDC15 Advanced NSOperations)"
        ],
        file: "Operations/KeyedSerialQueue.swift",
        apis: [
            APIMapping(
                "addDependency on the key's unfinished operations",
                "a `Mutex`-guarded map `[Key: Task<Void, Never>]` and a synchronous `submit`; each new task awaits the previous one of its key"),
            APIMapping("operation.completionBlock", "the task's own last line (`finished(key, id)`)"),
            APIMapping("Operation.cancel", "`Task.cancel()`; the cancelled task still waits its turn"),
        ],
        prose: Articles.recipe("keyed-serial-execution"),
        replaces: [.addDependency, .operationQueue, .blockOperation, .operationCancel],
        scenarios: [
            Scenario(
                rules: [.perSourceOrder(["a:", "b:"])],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.KeyedSerialQueue<String>.runDemo(
                            work: context.pace(.milliseconds(200)), log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.KeyedSerialQueue<String>.runDemo(
                        work: context.pace(.milliseconds(200)), log: context.log)
                }
            ),
            Scenario(
                "different keys meet",
                rules: [.invariant(["keysMet"])],
                legacy: { context in
                    let met = await onOwnThread {
                        Legacy.KeyedSerialQueue<String>.keysMeet(timeout: .seconds(10))
                    }
                    context.log("a and b met: \(met)")
                    context.record("keysMet", met)
                },
                modern: { context in
                    let met = await Modern.KeyedSerialQueue<String>.keysMeet()
                    context.log("a and b met: \(met)")
                    context.record("keysMet", met)
                }
            ),
        ]
    )
}
