import Catalog
import Foundation
import RecipeKit
import Testing

/// Both sides of every scenario in the catalog, at test pace, compared by the scenario's rules.
///
/// Scenarios whose rules allow reordering run up to 10 times, the others 3 times, to flush out
/// races (a scenario whose runs are mostly asleep in its delays stops once half a second has
/// passed, after its first run); one that promises a fixed order (`Scenario.fixedOrder`) must log
/// the same lines in the same order each time.
/// Demonstrations run once, in child processes, four at a time: each spends most of its time
/// waiting to be found hung, with the CPU idle. One that `guide --check` (GuideFreshnessTests) has
/// already run in this process is judged from that run, not run again.
@Suite struct ParityTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let recipe: Recipe
        let scenario: Scenario
        var testDescription: String { "\(recipe.id) / \(scenario.name)" }
    }

    static let cases: [Case] = Catalog.recipes.flatMap { recipe in
        recipe.scenarios.map { Case(recipe: recipe, scenario: $0) }
    }

    /// At most this many runs per scenario, from `PARITY_REPETITIONS`. The ThreadSanitizer step
    /// (`Scripts/sanitize.sh`) sets 3: the sanitizer reports a race from one run's accesses, and
    /// more runs give a rare interleaving more chances; reorderable scenarios' 10 runs stay in
    /// CI's first step.
    static let repetitionCap = ProcessInfo.processInfo.environment["PARITY_REPETITIONS"].flatMap(Int.init) ?? .max

    /// How long a scenario's runs may go on repeating once it has run once.
    static let repetitionBudget = Duration.milliseconds(500)

    @Test(arguments: cases.filter { !$0.scenario.isDemo })
    func bothSidesAgree(_ testCase: Case) async {
        let repetitions = min(
            testCase.scenario.rules.contains(where: \.allowsReordering) ? 10 : 3, max(1, Self.repetitionCap))
        var firstLines: (legacy: [String], modern: [String])?
        let clock = ContinuousClock()
        let start = clock.now
        for run in 0..<repetitions {
            // A scenario driven by its delays (a debounce, a rate limiter, a timeout only some
            // requests reach) spends its runs asleep, where repeating finds few races: after half a
            // second, it has had its share.
            if run >= 1, clock.now - start >= Self.repetitionBudget { break }
            let (legacy, modern, verdict) = await testCase.scenario.judge(testCase.recipe, pace: .test)
            #expect(verdict.agrees, "\(verdict.problems)\nlegacy: \(legacy)\nmodern: \(modern)")
            if !verdict.agrees { return }
            // A scenario that promises a fixed order (the guide shows its lines as logged) keeps it.
            guard testCase.scenario.fixedOrder else { continue }
            let first = firstLines ?? (legacy.lines, modern.lines)
            firstLines = first
            #expect(legacy.lines == first.legacy, "the legacy lines changed order between runs")
            #expect(modern.lines == first.modern, "the modern lines changed order between runs")
        }
    }

    @Test func bothSidesOfEveryDemonstrationAgree() async {
        let demonstrations = Self.cases.filter(\.scenario.isDemo)
        #expect(!demonstrations.isEmpty)
        let judgements = await Scenario.judgeAll(
            demonstrations.map { ($0.recipe, $0.scenario) }, pace: .test, demonstrationsAtOnce: 4,
            reusingDemonstrations: true)
        for (testCase, (legacy, modern, verdict)) in zip(demonstrations, judgements) {
            #expect(
                verdict.agrees,
                "\(testCase.testDescription): \(verdict.problems)\nlegacy: \(legacy)\nmodern: \(modern)")
        }
    }
}
