import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let queueSpecificKey = Recipe(
        id: "queue-specific-key",
        title: "\"Am I already on my queue?\" before a `sync`",
        chapter: .queues,
        sources: [
            "Seen in real code: ccgus/fmdb src/fmdb/FMDatabaseQueue.m; CocoaLumberjack Sources/CocoaLumberjack/DDLog.m; groue/GRDB.swift GRDB/Core/SchedulingWatchdog.swift"
        ],
        file: "Queues/DatabaseQueue.swift",
        apis: [
            APIMapping(
                "DispatchSpecificKey, setSpecific(key:value:), getSpecific(key:)",
                "actor + `preconditionIsolated()`; nested calls are plain calls"
            ),
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(q))",
                "`actor.preconditionIsolated()` / `actor.assertIsolated()`"
            ),
            APIMapping("DispatchQueue(label:) serial, guarding a class's state", "actor"),
            APIMapping("DispatchQueue.sync", "`await` from outside the actor; a plain call from inside"),
        ],
        prose: Articles.recipe("queue-specific-key"),
        replaces: [.queueSpecific, .queueSync, .dispatchQueueLabel],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.DatabaseQueue.countFromOutsideAndInside(log: context.log) }
                },
                modern: { context in
                    await Modern.DatabaseQueue.countFromOutsideAndInside(log: context.log)
                }
            ),
            Scenario(
                "precondition outside",
                rules: [.subprocessDemo(legacy: .traps, modern: .traps)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        let database = Legacy.DatabaseQueue()
                        log("inside: count = \(database.insertIfAbsent("a"))")
                        log("outside: checking the precondition")
                        database.preconditionOnQueue()
                        log("outside: the precondition passed")
                    }
                ),
                modern: .childProcess(
                    .async { _, log in
                        let database = Modern.DatabaseQueue()
                        log("inside: count = \(await database.insertIfAbsent("a"))")
                        log("outside: checking the precondition")
                        database.preconditionIsolated()
                        log("outside: the precondition passed")
                    }
                )
            ),
        ]
    )
}
