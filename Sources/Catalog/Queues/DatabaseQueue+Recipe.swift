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
        problem:
            "A type confined to its own serial queue `sync`s onto it in every public method, so a method that calls another from inside the queue would wait for itself. It needs to know whether it is already on its queue.",
        changes: [
            "The serial queue and its `@unchecked Sendable` class become an actor. Outside callers `await`; code inside the actor calls other isolated members directly, so the nested call that needed the key is a plain synchronous call.",
            "The run-time question \"am I on my queue?\" (`getSpecific(key:)`) becomes a compile-time fact: the compiler knows which code is isolated to the actor, and rejects a synchronous call from outside.",
            "`dispatchPrecondition(condition: .onQueue(queue))` becomes `preconditionIsolated()`: both pass on the queue or actor and trap elsewhere (checked in a child process).",
        ],
        pitfalls: [
            "An actor method that `await`s lets other calls in before it resumes (reentrancy); the serial queue's `sync` block never does. Keep check-and-update steps free of `await`.",
            "Without the key, the nested `sync` onto the current serial queue traps at once, on Linux and on Darwin alike: libdispatch's `__DISPATCH_WAIT_FOR_QUEUE__` crashes with \"dispatch_sync called on queue already owned by current thread\" (see `sync-deadlock`).",
            "`getSpecific(key:)` also finds a key set on any queue the current queue targets. That is what you want for a queue hierarchy, but it means \"on my queue or one of its sub-queues\".",
            "Don't port the pattern by checking `Thread.current` or a thread name: a queue is not a thread, and neither is an actor.",
        ],
        platformNotes: [
            "**Linux**: a failed `dispatchPrecondition` ends the process with SIGILL, while a failed `preconditionIsolated()` aborts with SIGABRT (\"Incorrect actor executor assumption\") (`DatabaseQueueTests.preconditionTrapsOutsideTheQueueOrActor`).",
        ],
        annotations: [
            "`DatabaseQueue` is `@unchecked Sendable`: `rows` is only touched inside blocks running on its private serial queue (inline when already there, otherwise via `sync`).",
            "The `log` closure is `@escaping @Sendable`, as everywhere in the guide.",
        ],
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
