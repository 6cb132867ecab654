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
        out.append("Sources: " + recipe.sources.joined(separator: "; "))
        out.append(
            style.dim(
                "Pace: \(pace.name) · \(runs) timed run\(runs == 1 ? "" : "s") per side after a warm-up; "
                    + "sides under \(milliseconds(batching.threshold)) ms run in batches of "
                    + "≥ \(milliseconds(batching.target)) ms "
                    + "and report per-run time"))
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
        out.append(style.bold("── \(scenario.name)") + style.dim(" · \(rules)"))
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

    private func measurements(_ scenarios: [ScenarioReport], runs: Int) -> [String] {
        let name = max(12, scenarios.map(\.name.count).max() ?? 0)
        func cell(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var out = [
            style.bold("Measurements")
                + style.dim(
                    " (\(runs) timed run\(runs == 1 ? "" : "s"); times per run; CPU and RSS are the whole process;"
                        + " threads include the sampler)"
                ),
            style.dim(
                pad("scenario", name) + "  side    " + cell("wall min", 10) + cell("wall median", 13)
                    + cell("CPU median", 12) + cell("threads", 9) + cell("peak RSS", 10) + cell("batch", 7)
            ),
        ]
        for scenario in scenarios {
            for (index, side) in [("legacy", scenario.legacy), ("modern", scenario.modern)].enumerated() {
                guard let m = side.1.measurement else { continue }
                out.append(
                    pad(index == 0 ? scenario.name : "", name) + "  " + pad(side.0, 6) + "  "
                        + cell(format(m.wallMinSeconds), 10) + cell(format(m.wallMedianSeconds), 13)
                        + cell(format(m.cpuMedianSeconds), 12) + cell(m.peakThreads.map(String.init) ?? "—", 9)
                        + cell(m.peakRSSBytes.map(formatBytes) ?? "—", 10) + cell(String(m.batchSize), 7)
                )
            }
            if let ratio = scenario.modernToLegacyRatio {
                let text = String(format: "%.2f×", ratio)
                let verdict = ratio <= 1.05 ? style.green(text) : style.yellow(text)
                out.append(pad("", name) + "  " + style.dim("modern/legacy median wall: ") + verdict)
            }
        }
        return out
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
