import RecipeKit

/// What a guide page shows as a scenario's output: deterministic, whatever the run's interleaving.
///
/// Exact transcripts, and those of a scenario whose sides each log in a fixed order, are shown as
/// logged. Where the rules let the order vary, the lines are put in a canonical order (grouped by
/// source for per-source order, sorted otherwise) and the page says so; a guide page must not
/// change between two runs of `guide`.
enum ShownOutput {
    /// The lines of one side, in the order the page shows them; `fixedOrder` says that the side
    /// logs them in one order on every run (`Scenario.fixedOrder`).
    static func lines(_ outcome: Outcome, rules: [ParityRule], fixedOrder: Bool = false) -> [String] {
        let lines = fixedOrder ? outcome.lines : canonicalOrder(outcome.lines, rules: rules)
        var shown = elide(lines)
        let values = outcome.values.filter { $0.key != "exit" }
        if !values.isEmpty {
            if !shown.isEmpty { shown.append("") }
            shown += values.keys.sorted().map { "\($0) = \(values[$0]!)" }
        }
        if let demo = outcome.demo { shown.append("⟶ \(demo)") }
        if let error = outcome.error { shown.append("⟶ threw \(error)") }
        return shown
    }

    /// `lines` as logged when the rules fix their order, else grouped by source or sorted.
    private static func canonicalOrder(_ lines: [String], rules: [ParityRule]) -> [String] {
        if let prefixes = rules.lazy.compactMap(\.sourcePrefixes).first {
            let grouped = prefixes.flatMap { prefix in lines.filter { $0.hasPrefix(prefix) } }
            let rest = lines.filter { line in !prefixes.contains { line.hasPrefix($0) } }.sorted(by: naturalOrder)
            return grouped + rest
        }
        if !rules.contains(.exact) && !rules.contains(where: \.isDemo) {
            return lines.sorted(by: naturalOrder)
        }
        return lines
    }

    /// A note on how the lines were ordered, when they were reordered.
    static func orderNote(rules: [ParityRule], fixedOrder: Bool = false, lineCount: Int) -> String? {
        guard lineCount > 1, !fixedOrder else { return nil }
        if rules.contains(where: { $0.sourcePrefixes != nil }) {
            return
                "The order varies from run to run; the lines are grouped by source here, each source in its own order."
        }
        if !rules.contains(.exact) && !rules.contains(where: \.isDemo) {
            return "The order varies from run to run; the lines are sorted here."
        }
        return nil
    }

    /// Orders lines as a person would: runs of digits compare as numbers ("Job 2" < "Job 10").
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        func chunks(_ text: String) -> [(isNumber: Bool, text: Substring)] {
            var result: [(Bool, Substring)] = []
            var start = text.startIndex
            while start < text.endIndex {
                let isNumber = text[start].isASCII && text[start].isNumber
                let end = text[start...].firstIndex { ($0.isASCII && $0.isNumber) != isNumber } ?? text.endIndex
                result.append((isNumber, text[start..<end]))
                start = end
            }
            return result
        }
        for (x, y) in zip(chunks(a), chunks(b)) where x.text != y.text {
            if x.isNumber && y.isNumber, let m = Int(x.text), let n = Int(y.text), m != n { return m < n }
            return x.text < y.text
        }
        return a.count < b.count || (a.count == b.count && a < b)
    }

    private static func elide(_ lines: [String], head: Int = 10, tail: Int = 4) -> [String] {
        guard lines.count > head + tail + 2 else { return lines }
        return Array(lines.prefix(head)) + ["… \(lines.count - head - tail) more lines …"] + Array(lines.suffix(tail))
    }
}

extension ParityRule {
    fileprivate var sourcePrefixes: [String]? {
        if case .perSourceOrder(let prefixes) = self { return prefixes }
        return nil
    }

    fileprivate var isDemo: Bool {
        if case .subprocessDemo = self { return true }
        return false
    }
}
