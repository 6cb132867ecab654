import Catalog
import RecipeKit
import Testing

/// Both sides of every scenario in the catalog, at test pace, compared by the scenario's rules.
///
/// Scenarios whose rules allow reordering run several times, to flush out races; demonstrations
/// run once, in child processes.
@Suite struct ParityTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let recipe: Recipe
        let scenario: Scenario
        var testDescription: String { "\(recipe.id) / \(scenario.name)" }
    }

    static let cases: [Case] = Catalog.recipes.flatMap { recipe in
        recipe.scenarios.map { Case(recipe: recipe, scenario: $0) }
    }

    @Test(arguments: cases)
    func bothSidesAgree(_ testCase: Case) async {
        let repetitions =
            testCase.scenario.isDemo ? 1 : testCase.scenario.rules.contains(where: \.allowsReordering) ? 10 : 3
        for _ in 0..<repetitions {
            let (legacy, modern, verdict) = await testCase.scenario.judge(testCase.recipe, pace: .test)
            #expect(verdict.agrees, "\(verdict.problems)\nlegacy: \(legacy)\nmodern: \(modern)")
            if !verdict.agrees { return }
        }
    }
}
