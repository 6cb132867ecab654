import RecipeKit
import Testing

@testable import GuideKit

/// What a guide page shows as output: deterministic whatever the run's interleaving.
@Suite struct ShownOutputTests {
    @Test func exactTranscriptsAreShownAsLogged() {
        let outcome = Outcome(lines: ["b", "a"])
        #expect(ShownOutput.lines(outcome, rules: [.exact]) == ["b", "a"])
        #expect(ShownOutput.orderNote(rules: [.exact], lineCount: 2) == nil)
    }

    @Test func reorderableTranscriptsAreSortedAsAPersonWould() {
        let outcome = Outcome(lines: ["Job 10", "Job 9", "Job 1"])
        #expect(ShownOutput.lines(outcome, rules: [.multiset]) == ["Job 1", "Job 9", "Job 10"])
        #expect(ShownOutput.orderNote(rules: [.multiset], lineCount: 3) != nil)
    }

    @Test func aFixedOrderIsShownAsLoggedThoughTheRulesAllowReordering() {
        let outcome = Outcome(lines: ["b", "a"], values: ["paid": "1"])
        #expect(ShownOutput.lines(outcome, rules: [.invariant(["paid"])], fixedOrder: true) == ["b", "a", "", "paid = 1"])
        #expect(ShownOutput.orderNote(rules: [.invariant(["paid"])], fixedOrder: true, lineCount: 2) == nil)
    }

    @Test func perSourceOrderGroupsBySourceAndKeepsEachSourcesOrder() {
        let outcome = Outcome(lines: ["B 2", "A 2", "B 1", "A 1"])
        #expect(ShownOutput.lines(outcome, rules: [.perSourceOrder(["B", "A"])]) == ["B 2", "B 1", "A 2", "A 1"])
    }

    @Test func longTranscriptsAreElidedAndValuesFollow() {
        let outcome = Outcome(lines: (0..<100).map { "line \($0)" }, values: ["count": "100"])
        let shown = ShownOutput.lines(outcome, rules: [.exact, .invariant(["count"])])
        #expect(shown.contains("… 86 more lines …"))
        #expect(shown.suffix(2) == ["", "count = 100"])
    }
}
