import BenchKit
import Catalog
import Foundation
import RecipeKit
import Testing

@testable import GuideKit

/// `Benchmarks/recipe-ratios.json` names real recipes and scenarios, and every scenario whose
/// modern side is more than 1.5× slower has its reason on its page.
@Suite struct RecipeRatioReasonTests {
    static let ratios: RecipeRatios? = {
        let url = GuideGenerator.packageRoot.appendingPathComponent("Benchmarks/\(GuideGenerator.recipeRatiosFile)")
        return (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(RecipeRatios.self, from: $0) }
    }()

    @Test func theCommittedFileReadsAndHasTwoRunsPerRow() throws {
        let ratios = try #require(Self.ratios, "Benchmarks/recipe-ratios.json is missing or doesn't decode")
        #expect(ratios.machine.configuration == "release")
        #expect(!ratios.rows.isEmpty)
        for row in ratios.rows {
            #expect(
                row.ratios.count == 2 && row.legacySeconds.count == 2 && row.modernSeconds.count == 2, "\(row.recipe)")
        }
    }

    @Test func everyRowNamesARecipeAndOneOfItsScenarios() throws {
        let ratios = try #require(Self.ratios)
        for row in ratios.rows {
            let recipe = try #require(Catalog.recipe(row.recipe), "no recipe \(row.recipe)")
            #expect(
                recipe.scenarios.contains { $0.name == row.scenario }, "\(row.recipe) has no scenario '\(row.scenario)'"
            )
        }
    }

    @Test func everyScenarioWhereModernIsMuchSlowerSaysWhyOnItsPage() throws {
        let ratios = try #require(Self.ratios)
        let slow = ratios.rows.filter { $0.ratio > RecipeRatios.slowerNeedsAReason }
        for row in slow {
            let recipe = try #require(Catalog.recipe(row.recipe))
            #expect(
                !recipe.costs.isEmpty,
                """
                \(row.recipe) '\(row.scenario)': modern takes \(Format.ratio(row.ratio)) the legacy time; its article \
                needs a '## \(RecipeProse.costHeading)' saying why
                """)
        }
    }

    @Test func thePerformancePageListsEveryRowSlowestFirstAndLinksTheReasons() throws {
        let ratios = try #require(Self.ratios)
        let pages = Dictionary(uniqueKeysWithValues: Catalog.recipes.map { ($0.id, "\($0.chapter.slug)/\($0.id).md") })
        let lines = PerformancePage(results: PerformancePageTests.results, pages: pages).everyRecipe(ratios)
        let rows = lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Modern") }
        #expect(rows.count == ratios.rows.count)
        let shown = rows.compactMap { Double($0.dropFirst(2).prefix { $0.isNumber || $0 == "." }) }
        #expect(shown == shown.sorted(by: >), "not slowest modern first")
        let slow = ratios.rows.filter { $0.ratio > RecipeRatios.slowerNeedsAReason }.count
        #expect(rows.filter { $0.contains("#what-it-costs)") }.count == slow)
    }
}
