import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let closureBasics = Recipe(
        id: "closure-basics",
        title: "Blocks as values, parameters and inline literals → closures",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.1 \"Constructing Block Objects\" (`subtract`, `intToString`, `convertIntToString:usingBlockObject:`)",
            "*iOS Programming Cookbook*, §7.3 \"Invoking Block Objects\" (`trimString`, `trimWithOtherBlock`)",
            "Apple's *Cocoa Core Competencies*, \"Block object\" › \"Declaring a Block\", \"Creating a Block\" and \"Using Blocks\" (`oneFrom`)",
        ],
        file: "Bridging/ClosureBasics.swift",
        apis: [
            APIMapping(
                "a block passed to a method (usingBlockObject:, enumerateObjectsUsingBlock:)",
                "a closure parameter; `map` instead of the enumeration"),
            APIMapping(
                "a block kept and called later on another thread (completionHandler:)",
                "an `@escaping` closure that is also `@Sendable`, or a `sending` parameter a task takes over"),
        ],
        prose: Articles.recipe("closure-basics"),
        replaces: [.blockEnumeration],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in Legacy.ClosureBasics.run(log: context.log) },
                modern: { context in await Modern.ClosureBasics.run(log: context.log) }
            )
        ]
    )
}
