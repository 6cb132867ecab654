import RecipeKit
import Testing

@Suite struct ParityRuleTests {
    func outcome(_ lines: [String], _ values: [String: String] = [:]) -> Outcome {
        Outcome(lines: lines, values: values)
    }

    @Test func exactNeedsTheSameOrder() {
        #expect(ParityRule.exact.problems(legacy: outcome(["a", "b"]), modern: outcome(["a", "b"])).isEmpty)
        #expect(!ParityRule.exact.problems(legacy: outcome(["a", "b"]), modern: outcome(["b", "a"])).isEmpty)
    }

    @Test func multisetIgnoresOrderButCountsRepeats() {
        #expect(ParityRule.multiset.problems(legacy: outcome(["a", "b"]), modern: outcome(["b", "a"])).isEmpty)
        #expect(!ParityRule.multiset.problems(legacy: outcome(["a", "a"]), modern: outcome(["a"])).isEmpty)
    }

    @Test func perSourceOrderKeepsEachSourcesOwnOrder() {
        let rule = ParityRule.perSourceOrder(["A", "B"])
        let legacy = outcome(["A1", "B1", "A2", "B2"])
        #expect(rule.problems(legacy: legacy, modern: outcome(["B1", "B2", "A1", "A2"])).isEmpty)
        #expect(!rule.problems(legacy: legacy, modern: outcome(["A2", "A1", "B1", "B2"])).isEmpty)
    }

    @Test func partialOrderChecksEachSide() {
        let rule = ParityRule.partialOrder([OrderConstraint(.prefix("Second"), before: .prefix("First"))])
        let good = outcome(["Second 1", "Main", "Second 2", "First 1"])
        #expect(rule.problems(legacy: good, modern: outcome(["Main", "Second 1", "Second 2", "First 1"])).isEmpty)
        let bad = outcome(["Second 1", "First 1", "Second 2", "Main"])
        #expect(rule.problems(legacy: good, modern: bad) == ["modern: not every `Second…` before every `First…`"])
    }

    @Test func invariantComparesOnlyTheNamedValues() {
        let rule = ParityRule.invariant(["count"])
        #expect(rule.problems(legacy: outcome(["x"], ["count": "3"]), modern: outcome(["y"], ["count": "3"])).isEmpty)
        #expect(
            rule.problems(legacy: outcome([], ["count": "3"]), modern: outcome([], ["count": "4"])) == [
                "`count`: legacy 3, modern 4"
            ])
        #expect(!rule.problems(legacy: outcome([], ["count": "3"]), modern: outcome([])).isEmpty)
    }

    @Test func demoExpectationsMatchHowTheChildEnded() {
        #expect(DemoExpectation.traps.isMet(by: .trapped(signal: 4)))
        #expect(!DemoExpectation.traps.isMet(by: .hung))
        #expect(DemoExpectation.hangs.isMet(by: .hung))
        #expect(DemoExpectation.trapsOrHangs.isMet(by: .hung))
        #expect(DemoExpectation.finishes.isMet(by: .finished(status: 0)))
        #expect(!DemoExpectation.finishes.isMet(by: .finished(status: 1)))
        #expect(!DemoExpectation.finishes.isMet(by: nil))
    }

    @Test func aSideThatThrowsNeverAgrees() {
        let verdict = Verdict(rules: [.multiset], legacy: Outcome(), modern: Outcome(error: "boom"))
        #expect(!verdict.agrees)
        #expect(verdict.problems == ["modern threw: boom"])
    }
}

/// `Scenario.judgeAll` gives each scenario's judgement back in the order asked.
@Suite struct JudgeAllTests {
    @Test func judgementsComeBackInTheOrderAsked() async {
        let chapter = Chapter(number: 1, title: "Fixture", folder: "Fixture", introduction: "")
        let scenarios = (1...5).map { index in
            Scenario(
                "s\(index)", rules: [.exact],
                legacy: { context in context.log("line \(index)") },
                modern: { context in context.log(index == 3 ? "other" : "line \(index)") })
        }
        let recipe = Recipe(
            id: "fixture", title: "Fixture", chapter: chapter, sources: [], file: "Fixture.swift", apis: [],
            prose: RecipeProse(problem: ""), scenarios: scenarios)
        let judgements = await Scenario.judgeAll(scenarios.map { (recipe, $0) }, pace: .test)
        #expect(judgements.map { $0.legacy.lines } == (1...5).map { ["line \($0)"] })
        #expect(judgements.map(\.verdict.agrees) == [true, true, false, true, true])
    }
}
