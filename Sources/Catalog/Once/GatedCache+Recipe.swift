import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let asyncInitGate = Recipe(
        id: "async-init-gate",
        title: "Every caller waits until a background initialisation is done",
        chapter: .once,
        sources: [
            "Seen in real code: pinterest/PINCache Source/PINDiskCache.m (`NSConditionLock`, NotReady → Ready)"
        ],
        file: "Once/GatedCache.swift",
        apis: [
            APIMapping(
                "`NSConditionLock` held in \"not ready\" by a background initialiser (`unlock(withCondition: ready)`)",
                "a `Task` started in `init` and stored by the actor"),
            APIMapping(
                "NSConditionLock.lock(whenCondition: ready) in every accessor (lock(whenCondition:before:) on Linux)",
                "`await initialisation.value` at the top of every actor method"),
        ],
        prose: Articles.recipe("async-init-gate"),
        replaces: [.conditionLock],
        scenarios: [
            Scenario(
                "10 accessors during a gated initialisation",
                rules: [
                    .partialOrder([
                        OrderConstraint(.line("init started"), before: .line("init done")),
                        OrderConstraint(.line("init done"), before: .prefix("accessor ")),
                    ]),
                    .invariant(["initialisations", "sawLoaded"]),
                ],
                legacy: { context in
                    let log = context.log
                    let counts = await onOwnThread { Legacy.GatedCache.run(accessors: 10, log: log) }
                    context.record("initialisations", counts.initialisations)
                    context.record("sawLoaded", counts.sawLoaded)
                },
                modern: { context in
                    let counts = await Modern.GatedCache.run(accessors: 10, log: context.log)
                    context.record("initialisations", counts.initialisations)
                    context.record("sawLoaded", counts.sawLoaded)
                }
            )
        ]
    )
}
