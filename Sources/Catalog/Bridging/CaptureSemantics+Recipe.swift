import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let captureSemantics = Recipe(
        id: "closure-capture-semantics",
        title: "What a block captures: copy vs `__block` vs Swift",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.2 \"Accessing Variables in Block Objects\" (`scopeTest`, `simpleMethod`, `stringProperty`)",
            "Apple's *Cocoa Core Competencies*, \"Block object\" › \"Block-Mutable Variables\" and \"Using Blocks\" (`enumerateObjectsUsingBlock:`)",
        ],
        file: "Bridging/CaptureSemantics.swift",
        apis: [
            APIMapping(
                "a __block variable written in a block (the flag of enumerateObjectsUsingBlock:)",
                "a returned value; shared state in a `Mutex` or an actor"),
            APIMapping(
                "enumerateObjects(_:) with *stop = YES",
                "`contains(where:)`, `first(where:)`: the result is returned"),
        ],
        prose: Articles.recipe("closure-capture-semantics"),
        replaces: [.blockEnumeration],
        scenarios: [
            Scenario(
                "copy vs reference",
                rules: [.exact],
                legacy: { context in
                    Legacy.CaptureSemantics.scopeTestCopy(log: context.log)
                    Legacy.CaptureSemantics.scopeTestShared(log: context.log)
                },
                modern: { context in
                    await Modern.CaptureSemantics.scopeTestCopy(log: context.log)
                    await Modern.CaptureSemantics.scopeTestShared(log: context.log)
                }
            ),
            Scenario(
                "locals and __block",
                rules: [.exact],
                legacy: { context in
                    Legacy.CaptureSemantics.independentBlock(log: context.log)
                    Legacy.CaptureSemantics.simpleMethod(log: context.log)
                },
                modern: { context in
                    await Modern.CaptureSemantics.independentBlock(log: context.log)
                    await Modern.CaptureSemantics.simpleMethod(log: context.log)
                }
            ),
            Scenario(
                "self",
                rules: [.exact],
                legacy: { context in Legacy.CaptureSemantics.runSelf(log: context.log) },
                modern: { context in await Modern.CaptureSemantics.runSelf(log: context.log) }
            ),
            Scenario(
                "stop early",
                rules: [.exact],
                legacy: { context in Legacy.CaptureSemantics.runStop(log: context.log) },
                modern: { context in Modern.CaptureSemantics.runStop(log: context.log) }
            ),
        ]
    )
}
