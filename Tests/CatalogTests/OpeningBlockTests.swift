import Catalog
import Foundation
@testable import GuideKit
import RecipeKit
import Testing

/// Every recipe page answers first: the move, the minimum OS, the pitfall that bites and the
/// command, before the problem, the changes and the listings.
@Suite struct OpeningBlockTests {
    @Test(arguments: Catalog.recipes.map(\.id))
    func everyRecipePageOpensWithTheMoveAndTheMinimumOS(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        let path = "Guide/\(recipe.chapter.slug)/\(recipe.id).md"
        let page = try String(contentsOf: GuideGenerator.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let availability = try GuideGenerator.availability(of: recipe)
        let replace = try #require(page.range(of: "\n**Replace** "), "\(path) has no Replace line")
        let needs = try #require(page.range(of: "\n- **Needs** \(availability.description)"), "\(path): no Needs")
        let variants = try GuideGenerator.variantAvailability(of: recipe)
        let needsLine = page[needs.upperBound...].prefix { $0 != "\n" }
        #expect(
            needsLine == variants.map { "; “\($0.title)”: \($0.availability.description)" }.joined(),
            "\(path): the Needs line names the sections that need more, and only those")
        let run = try #require(page.range(of: "\n- **Run it:** `swift run compare \(recipe.id)`"), "\(path): no Run it")
        let changes = try #require(page.range(of: "\n## What changed and why\n"), "\(path): no What changed")
        let code = try #require(page.range(of: "\n```swift\n"), "\(path): no listing")
        #expect(replace.lowerBound < needs.lowerBound && needs.lowerBound < run.lowerBound)
        #expect(run.lowerBound < changes.lowerBound, "\(path): the opening block comes before What changed")
        #expect(changes.lowerBound < code.lowerBound, "\(path): What changed comes before the listings")
        if let pitfall = recipe.pitfalls.first {
            let watch = try #require(page.range(of: "\n- **Watch out:** "), "\(path): no Watch out")
            #expect(needs.lowerBound < watch.lowerBound && watch.lowerBound < run.lowerBound)
            #expect(!pitfall.isEmpty)
        }
    }

    @Test func theMoveReadsAsASentence() throws {
        let recipe = try #require(Catalog.recipe("operation-max-concurrency"))
        let move = IndexPage.replace(recipe)
        #expect(move.hasPrefix("`maxConcurrentOperationCount` **with** "))
        #expect(move.hasSuffix("."))
    }
}
