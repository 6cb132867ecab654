import Legacy
import Modern
import RecipeKit

extension CodeShape {
    /// Calls an SDK holds until it is ready, run when its setup is done.
    static let blocksUntilReady = CodeShape(
        "blocks held until the SDK is ready (whenReady, pendingBlocks)",
        swift: ["whenReady", "pendingBlocks", "readyBlocks", "onReadyBlocks"],
        objc: ["whenReady", "pendingBlocks", "readyBlocks", "onReadyBlocks"],
        modern: "an actor gate with a generation per identify: `try await gate.ready()`",
        home: "readiness-gate-reopens")
}

extension Recipe {
    static let readinessGateReopens = Recipe(
        id: "readiness-gate-reopens",
        title: "A readiness gate that closes again on every re-identify",
        chapter: .once,
        sources: [
            "Seen in real code: analytics, feature-flag and messaging SDKs whose `identify(user)` or config "
                + "reload closes a ready flag, runs setup steps (fetch the config, load the cache, register the "
                + "device) counted by a `DispatchGroup`, and flushes the calls held meanwhile when it notifies"
        ],
        file: "Once/ReadinessGate.swift",
        apis: [
            APIMapping(
                "DispatchGroup.enter per setup step, DispatchGroup.notify flushing the pending blocks",
                "an actor keeping the newest generation's setup `Task` (a task group of the steps) "
                    + "and one continuation per waiter"),
            APIMapping(
                "a generation counter under an NSLock, checked when the group notifies",
                "the generation handed to the actor's `finish` and checked there; the old setup task is cancelled"),
            APIMapping(
                "whenReady(block) adding to the blocks DispatchGroup.notify flushes, cancelWaiting(token) removing one",
                "`try await gate.ready()`: a continuation stored under an id, withdrawn by its own "
                    + "`withTaskCancellationHandler`"),
        ],
        prose: Articles.recipe("readiness-gate-reopens"),
        replaces: [.blocksUntilReady, .groupNotify, .groupEnter, .groupLeave],
        scenarios: [
            Scenario(
                "the gate opens after every step",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ReadinessGate.openAfterEveryStep(log: log) }
                },
                modern: { context in await Modern.ReadinessGate.openAfterEveryStep(log: context.log) }
            ),
            Scenario(
                "a re-identify while closed",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ReadinessGate.reidentifyWhileClosed(log: log) }
                },
                modern: { context in await Modern.ReadinessGate.reidentifyWhileClosed(log: context.log) }
            ),
            Scenario(
                "a step fails",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ReadinessGate.aStepFails(log: log) }
                },
                modern: { context in await Modern.ReadinessGate.aStepFails(log: context.log) }
            ),
            Scenario(
                "a waiter is cancelled",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ReadinessGate.aWaiterIsCancelled(log: log) }
                },
                modern: { context in await Modern.ReadinessGate.aWaiterIsCancelled(log: context.log) }
            ),
        ]
    )
}
