import Foundation
import RecipeKit

/// Renders `compare`'s results for a person at a terminal.
struct TerminalReport {
    let style: Style
    let width: Int
    let full: Bool
    var batching = Batching()

    /// The number of transcript lines shown in full before the middle is elided.
    static let shortTranscript = 24

    func render(_ report: RecipeReport, recipe: Recipe, pace: Pace, runs: Int) -> [String] {
        var out: [String] = []
        out.append(style.bold("\(recipe.id) — \(recipe.title)"))
        out.append("Chapter \(recipe.chapter.number) · \(recipe.chapter.title)")
        out += wrap("Sources: " + recipe.sources.joined(separator: "; "))
        out += wrap(
            "Pace: \(pace.name) · \(runs) timed run\(runs == 1 ? "" : "s") per side after a warm-up; "
                + "sides under \(milliseconds(batching.threshold)) ms run in batches of "
                + "≥ \(milliseconds(batching.target)) ms "
                + "and report per-run time"
        ).map(style.dim)
        for scenario in report.scenarios {
            out.append("")
            out += render(scenario)
        }
        let measured = report.scenarios.filter { $0.legacy.measurement != nil }
        if !measured.isEmpty {
            out.append("")
            out += measurements(measured, runs: runs)
        }
        out.append("")
        let allDemos = report.scenarios.allSatisfy { $0.rules.contains { $0.name == "subprocessDemo" } }
        out.append(
            report.agrees
                ? style.green(
                    allDemos
                        ? "✓ as expected: every demonstration ended as the catalog says"
                        : "✓ same: both sides agree in every scenario")
                : style.red("✗ different: the sides disagree (see above)")
        )
        return out
    }

    private func render(_ scenario: ScenarioReport) -> [String] {
        let columns = SideBySide(width: width, style: style)
        var out: [String] = []
        let rules = scenario.rules.map(\.description).joined(separator: " + ")
        // The name in bold, then its rules; wrapped as one text, styled by where each part falls.
        let title = "── \(scenario.name)"
        var consumed = 0  // characters of the text placed so far, with the space each break took
        for (index, line) in wrap(title + " · " + rules).enumerated() {
            let indent = index == 0 ? 0 : 2
            let bold = max(0, min(line.count - indent, title.count - consumed))
            out.append(
                String(line.prefix(indent)) + style.bold(String(line.dropFirst(indent).prefix(bold)))
                    + style.dim(String(line.dropFirst(indent + bold))))
            consumed += line.count - indent + 1
        }
        out.append(columns.header("Legacy", "Modern"))
        let exact = scenario.rules.contains { $0.name == "exact" }
        let (left, right, marked) = transcriptRows(scenario.legacy.lines, scenario.modern.lines, markDifferences: exact)
        out += columns.render(left: left, right: right, marked: marked)
        let keys = Set(scenario.legacy.values.keys).union(scenario.modern.values.keys).sorted()
        if !keys.isEmpty {
            out += columns.render(
                left: keys.map { "\($0) = \(scenario.legacy.values[$0] ?? "—")" },
                right: keys.map { "\($0) = \(scenario.modern.values[$0] ?? "—")" },
                marked: Set(
                    keys.indices.filter { scenario.legacy.values[keys[$0]] != scenario.modern.values[keys[$0]] })
            )
        }
        if scenario.legacy.error != nil || scenario.modern.error != nil {
            out += columns.render(
                left: [scenario.legacy.error.map { "threw: \($0)" } ?? ""],
                right: [scenario.modern.error.map { "threw: \($0)" } ?? ""]
            )
        }
        if scenario.agrees {
            // A demonstration's two sides end differently on purpose; "same" would be untrue.
            let isDemo = scenario.rules.contains { $0.name == "subprocessDemo" }
            out.append(style.green(isDemo ? "✓ as expected: each side ended as the catalog says" : "✓ same"))
        } else {
            out.append(style.red("✗ different: " + scenario.problems.joined(separator: "; ")))
            let diff =
                exact
                ? LineDiff.unified(legacy: scenario.legacy.lines, modern: scenario.modern.lines)
                : LineDiff.multiset(legacy: scenario.legacy.lines, modern: scenario.modern.lines)
            if !diff.isEmpty {
                out.append(style.dim("diff (- legacy only, + modern only):"))
                out += diff.map { line in
                    line.hasPrefix("-") ? style.red(line) : line.hasPrefix("+") ? style.green(line) : line
                }
            }
        }
        return out
    }

    /// The two transcripts as rows, the middle elided when long (unless `--full`).
    private func transcriptRows(
        _ legacy: [String], _ modern: [String], markDifferences: Bool
    ) -> (left: [String], right: [String], marked: Set<Int>) {
        let count = max(legacy.count, modern.count)
        func row(_ lines: [String], _ index: Int) -> String { index < lines.count ? lines[index] : "" }
        var indices = Array(0..<count)
        var gap: Int?
        if !full && count > Self.shortTranscript {
            let head = 12
            let tail = 6
            indices = Array(0..<head) + Array((count - tail)..<count)
            gap = head
        }
        var left: [String] = []
        var right: [String] = []
        var marked: Set<Int> = []
        for (position, index) in indices.enumerated() {
            if position == gap {
                let hidden = count - indices.count
                left.append(style.dim("… \(hidden) more lines (--full shows them) …"))
                right.append("")
            }
            if markDifferences && row(legacy, index) != row(modern, index) { marked.insert(left.count) }
            left.append(row(legacy, index))
            right.append(row(modern, index))
        }
        if legacy.isEmpty && modern.isEmpty {
            left.append(style.dim("(nothing logged)"))
            right.append(style.dim("(nothing logged)"))
        }
        return (left, right, marked)
    }

    /// One column of the measurement table, in the order the table shows them.
    private struct Column: Sendable {
        let title: String
        let width: Int
        let value: @Sendable (Measurement) -> String
    }

    private static let columns = [
        Column(title: "wall min", width: 10) { format($0.wallMinSeconds) },
        Column(title: "wall median", width: 13) { format($0.wallMedianSeconds) },
        Column(title: "CPU median", width: 12) { format($0.cpuMedianSeconds) },
        Column(title: "threads", width: 9) { $0.peakThreads.map(String.init) ?? "—" },
        Column(title: "peak RSS", width: 10) { $0.peakRSSBytes.map(formatBytes) ?? "—" },
        Column(title: "batch", width: 7) { String($0.batchSize) },
    ]

    /// The columns a narrow terminal does without, the least telling first; the median wall time
    /// and the ratio always stay.
    private static let dropOrder = ["batch", "peak RSS", "threads", "wall min", "CPU median"]

    /// The measurement table, as wide as the terminal allows: columns are left out (and said so)
    /// below the full width, and a scenario name too long for what is left goes on its own line.
    private func measurements(_ scenarios: [ScenarioReport], runs: Int) -> [String] {
        var name = max(12, scenarios.map(\.name.count).max() ?? 0)
        func cell(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var columns = Self.columns
        var dropped: [String] = []
        func tableWidth() -> Int { name + 2 + 8 + columns.map(\.width).reduce(0, +) }
        for title in Self.dropOrder where tableWidth() > width {
            columns.removeAll { $0.title == title }
            dropped.append(title)
        }
        let namesAbove = tableWidth() > width
        if namesAbove { name = 0 }
        var out = wrap(
            "Measurements (\(runs) timed run\(runs == 1 ? "" : "s"); times per run; CPU and RSS are the whole "
                + "process; threads include the sampler)"
        ).enumerated().map { $0.offset == 0 ? style.bold($0.element) : style.dim($0.element) }
        if !dropped.isEmpty {
            out += wrap("(\(dropped.joined(separator: ", ")) left out to fit \(width) columns; --json has them all)")
                .map(style.dim)
        }
        out.append(style.dim(pad(namesAbove ? "" : "scenario", name) + "  side    "
            + columns.map { cell($0.title, $0.width) }.joined()))
        for scenario in scenarios {
            if namesAbove { out += wrap(scenario.name) }
            for (index, side) in [("legacy", scenario.legacy), ("modern", scenario.modern)].enumerated() {
                guard let m = side.1.measurement else { continue }
                out.append(
                    pad(index == 0 && !namesAbove ? scenario.name : "", name) + "  " + pad(side.0, 6) + "  "
                        + columns.map { cell($0.value(m), $0.width) }.joined())
            }
            if let ratio = scenario.modernToLegacyRatio {
                let text = String(format: "%.2f×", ratio)
                let verdict = ratio <= 1.05 ? style.green(text) : style.yellow(text)
                out.append(pad("", name) + "  " + style.dim("modern/legacy median wall: ") + verdict)
            }
        }
        return out
    }

    /// `text` broken at spaces into lines of at most `width` characters, the later ones indented
    /// by two; a word longer than a line is left whole.
    func wrap(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = line.isEmpty ? "" : line + " "
            if !line.isEmpty, prefix.count + word.count > width {
                lines.append(line)
                line = "  " + word
            } else {
                line = prefix + word
            }
        }
        lines.append(line)
        return lines
    }

    private func milliseconds(_ duration: Duration) -> String {
        let ms = duration.seconds * 1e3
        return ms == ms.rounded() ? String(Int(ms)) : String(format: "%.1f", ms)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

/// A duration in seconds as µs, ms or s with three significant digits.
func format(_ seconds: Double) -> String {
    switch seconds {
    case ..<0.001: String(format: "%.1f µs", seconds * 1e6)
    case ..<1: String(format: "%.2f ms", seconds * 1e3)
    default: String(format: "%.3f s", seconds)
    }
}

/// A byte count in KB below a megabyte, else in MB (1 KB = 1024 bytes, as the kernel counts them).
func formatBytes(_ bytes: Int) -> String {
    let kilobytes = Double(bytes) / 1024
    return kilobytes < 1024 ? String(format: "%.0f KB", kilobytes) : String(format: "%.1f MB", kilobytes / 1024)
}
