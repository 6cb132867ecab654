import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let oneShotFuture = Recipe(
        id: "one-shot-future",
        title: "A value that arrives once, for handlers registered before or after",
        chapter: .bridging,
        sources: [
            "Seen in real code: mxcl/PromiseKit Sources/Box.swift; the shape of NIO's `EventLoopPromise`"
        ],
        file: "Bridging/OneShotFuture.swift",
        apis: [
            APIMapping(
                "async(flags: .barrier) around pending(handlers) / resolved(value)",
                "an actor holding the value and a dictionary of continuations"),
            APIMapping(
                "DispatchQueue.sync(flags: .barrier) to register a handler",
                "`try await future.value()`: at once if resolved, else a parked continuation"),
            APIMapping("async(flags: .barrier) removing a handler by its id", "cancelling the waiting task"),
        ],
        prose: Articles.recipe("one-shot-future"),
        replaces: [.barrier, .barrierSync, .concurrentQueue],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.OneShotFuture<Int>.runDemo(log: context.log) }
                },
                modern: { context in
                    await Modern.OneShotFuture<Int>.runDemo(log: context.log)
                }
            )
        ]
    )
}
