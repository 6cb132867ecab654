extension ParityRule {
    /// The ways in which two outcomes break this rule; empty when the rule holds.
    public func problems(legacy: Outcome, modern: Outcome) -> [String] {
        switch self {
        case .exact:
            return legacy.lines == modern.lines ? [] : ["the transcripts differ"]
        case .multiset:
            return sameMultiset(legacy.lines, modern.lines)
        case .perSourceOrder(let prefixes):
            var problems = sameMultiset(legacy.lines, modern.lines)
            for prefix in prefixes {
                let l = legacy.lines.filter { $0.hasPrefix(prefix) }
                let m = modern.lines.filter { $0.hasPrefix(prefix) }
                if l != m { problems.append("the `\(prefix)…` lines are not in the same order") }
            }
            return problems
        case .partialOrder(let constraints):
            var problems = sameMultiset(legacy.lines, modern.lines)
            for constraint in constraints {
                for (side, outcome) in [("legacy", legacy), ("modern", modern)]
                where !constraint.holds(in: outcome.lines) {
                    problems.append("\(side): not \(constraint)")
                }
            }
            return problems
        case .invariant(let keys):
            return keys.compactMap { key in
                switch (legacy.values[key], modern.values[key]) {
                case (nil, _), (_, nil): "`\(key)` was not recorded by both sides"
                case let (l?, m?) where l != m: "`\(key)`: legacy \(l), modern \(m)"
                default: nil
                }
            }
        case .subprocessDemo(let legacyExpectation, let modernExpectation):
            var problems: [String] = []
            if !legacyExpectation.isMet(by: legacy.demo) {
                problems.append(
                    "legacy should have \(legacyExpectation) but \(legacy.demo?.description ?? "did not run")")
            }
            if !modernExpectation.isMet(by: modern.demo) {
                problems.append(
                    "modern should have \(modernExpectation) but \(modern.demo?.description ?? "did not run")")
            }
            return problems
        }
    }

    private func sameMultiset(_ a: [String], _ b: [String]) -> [String] {
        a.sorted() == b.sorted() ? [] : ["the sides logged different lines"]
    }
}

extension OrderConstraint {
    /// Whether every matching `before` line comes before every matching `after` line.
    public func holds(in lines: [String]) -> Bool {
        guard let lastBefore = lines.lastIndex(where: before.matches),
            let firstAfter = lines.firstIndex(where: after.matches)
        else { return true }
        return lastBefore < firstAfter
    }
}

/// The verdict on one scenario: do the two sides agree?
public struct Verdict: Sendable, Equatable {
    /// Why the sides disagree; empty when they agree.
    public let problems: [String]

    public var agrees: Bool { problems.isEmpty }

    /// Applies every rule, after checking that neither side threw.
    public init(rules: [ParityRule], legacy: Outcome, modern: Outcome) {
        var problems: [String] = []
        if let error = legacy.error { problems.append("legacy threw: \(error)") }
        if let error = modern.error { problems.append("modern threw: \(error)") }
        for rule in rules { problems += rule.problems(legacy: legacy, modern: modern) }
        self.problems = problems
    }
}
