import Foundation

/// The `--markdown` report, for a pull request or a wiki: the plan first, then every finding,
/// each linking to its guide page.
struct MarkdownReport {
    let paths: [String]
    let directory: RecipeDirectory
    /// The "Findings" section, built as findings arrive (a report is for a pull request or a wiki,
    /// so it is kept in memory).
    private(set) var findingsSection = ""
    private var currentPath = ""

    init(paths: [String], directory: RecipeDirectory) {
        self.paths = paths
        self.directory = directory
    }

    mutating func add(_ finding: Finding) {
        if findingsSection.isEmpty { findingsSection = "\n## Findings\n" }
        if finding.path != currentPath {
            currentPath = finding.path
            findingsSection +=
                "\n### `\(finding.path)`\n\n| line | API | recipe | modern | hazard |\n|---|---|---|---|---|\n"
        }
        let recipes = finding.recipes.isEmpty ? "no recipe yet" : finding.recipes.map(link).joined(separator: ", ")
        findingsSection +=
            "| \(finding.line):\(finding.column) | `\(finding.api)` | \(recipes) | "
            + "\(cell(finding.modern)) | \(cell(finding.hazards.map(\.message).joined(separator: "; "))) |\n"
    }

    func render(_ summary: ScanSummary, skipped: [SkippedFile]) -> String {
        var out = "# Legacy concurrency in \(paths.map { "`\($0)`" }.joined(separator: ", "))\n\n"
        let share = summary.findings == 0 ? 0 : summary.withRecipe * 100 / summary.findings
        out +=
            "\(summary.findings) findings in \(summary.filesWithFindings) of \(summary.files) files "
            + "(\(summary.lines) lines). \(summary.withRecipe) (\(share)%) map to a landed recipe, "
            + "\(summary.withoutRecipe) have no recipe yet; \(summary.withLikelyHazard) show a likely hazard, "
            + "\(summary.withPossibleHazard) a possible one.\n"
        if !summary.readingOrder.isEmpty {
            out += "\n## Reading order\n\nThe recipes that cover most findings first.\n\n"
            out += "| # | recipe | findings | cumulative |\n|---|---|---|---|\n"
            for (index, step) in summary.readingOrder.enumerated() {
                let percent = Int((step.cumulativeShare * 100).rounded())
                out += "| \(index + 1) | \(link(step.id)) | \(step.covers) | \(percent)% |\n"
            }
        }
        if !summary.byAPI.isEmpty {
            out += "\n## By API\n\n| API | findings | recipes |\n|---|---|---|\n"
            for api in summary.byAPI {
                let recipes = api.recipes.isEmpty ? "no recipe yet" : api.recipes.map(link).joined(separator: ", ")
                out += "| `\(api.api)` | \(api.count) | \(recipes) |\n"
            }
        }
        if !summary.topFiles.isEmpty {
            out += "\n## Files with the most findings\n\n| file | findings |\n|---|---|\n"
            for file in summary.topFiles { out += "| `\(file.path)` | \(file.count) |\n" }
        }
        out += findingsSection
        if !skipped.isEmpty {
            out += "\n## Skipped\n\n"
            for file in skipped { out += "- `\(file.path)`: \(file.reason)\n" }
        }
        return out
    }

    private func link(_ id: String) -> String {
        let entry = directory[id]
        return entry.page.isEmpty ? "`\(id)`" : "[\(entry.title)](\(entry.page)) (`\(id)`)"
    }

    private func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
