/// The report for a person at a terminal: each finding with its recipe as it is found, then the
/// summary.
struct TerminalReport {
    let directory: RecipeDirectory
    let style: Style

    /// A finding's page lines, by its pages and modern counterpart: in a big tree the same few
    /// hundred pairs come back for every finding, and building their lines each time was a sixth
    /// of a scan's time.
    private var pageLines: [PageLinesKey: String] = [:]

    private struct PageLinesKey: Hashable {
        let recipes: [String]
        let modern: String

        /// Hashes the first page and the sizes only: hashing every page's name for every finding
        /// cost more than the lookup saved, and equality still compares them all.
        func hash(into hasher: inout Hasher) {
            hasher.combine(recipes.count)
            hasher.combine(recipes.first)
            hasher.combine(modern.utf8.count)
        }
    }

    init(directory: RecipeDirectory, style: Style) {
        self.directory = directory
        self.style = style
    }

    mutating func render(_ finding: Finding) -> String {
        var out = "\(style.bold("\(finding.path):\(finding.line):\(finding.column)")): \(finding.api)\n"
        let key = PageLinesKey(recipes: finding.recipes, modern: finding.modern)
        if let lines = pageLines[key] {
            out += lines
        } else {
            let lines = renderPageLines(finding)
            pageLines[key] = lines
            out += lines
        }
        for hazard in finding.hazards {
            out += "  \(style.yellow("⚠ \(hazard.message)"))\n    \(style.dim("why: \(hazard.reason)"))\n"
        }
        return out
    }

    /// The lines under a finding's place: the page to read first, the others, the modern form.
    private func renderPageLines(_ finding: Finding) -> String {
        guard let first = finding.recipes.first else {
            return "  → \(style.red("no recipe yet")) · \(style.dim("modern:")) \(finding.modern)\n"
        }
        let entry = directory[first]
        let others = finding.recipes.dropFirst()
        let named = others.prefix(2).joined(separator: ", ") + (others.count > 2 ? " +\(others.count - 2)" : "")
        let also = others.isEmpty ? "" : style.dim(" (also \(named))")
        return "  → \(style.green(entry.id)) \(entry.title)\(also)\n"
            + "    \(style.dim("modern:")) \(finding.modern) · \(entry.page)\n"
    }

    func render(_ summary: ScanSummary, skipped: [SkippedFile]) -> String {
        var out = (summary.findings > 0 ? "\n" : "") + style.bold("Summary") + "\n"
        let share = summary.findings == 0 ? 0 : summary.withRecipe * 100 / summary.findings
        out +=
            "\(summary.findings) findings in \(summary.filesWithFindings) of \(summary.files) files "
            + "(\(summary.lines) lines): \(summary.withRecipe) (\(share)%) map to a landed recipe, "
            + "\(summary.withoutRecipe) have no recipe yet; \(summary.withLikelyHazard) with a likely hazard, "
            + "\(summary.withPossibleHazard) with a possible one.\n"
        if !summary.likelyHazards.isEmpty {
            out += "\n" + style.bold("Likely hazards") + " (fix these first)\n"
            for place in summary.likelyHazards {
                out += "\(place.path):\(place.line): \(place.api): \(style.yellow(place.hazard))\n"
            }
            let more = summary.withLikelyHazard - summary.likelyHazards.count
            if more > 0 { out += "… and \(more) more above\n" }
        }
        if summary.withPossibleHazard > 0 {
            out +=
                "\n\(summary.withPossibleHazard) findings have a possible hazard: the pattern is there, the danger "
                + "depends on code the scan doesn't see (`--hazards possible` lists only them).\n"
        }
        if !summary.readingOrder.isEmpty {
            out += "\n" + style.bold("Reading order") + " (the recipes that cover most findings first)\n"
            for (index, step) in summary.readingOrder.enumerated() {
                let percent = Int((step.cumulativeShare * 100).rounded())
                out +=
                    "\(pad("\(index + 1).", 4))\(pad(step.id, 34)) \(pad("\(step.covers)", 5, left: true)) "
                    + "\(pad("\(percent)%", 5, left: true))  \(step.page)\n"
            }
        }
        if !summary.byAPI.isEmpty {
            out += "\n" + style.bold("By API") + "\n"
            for api in summary.byAPI {
                let recipes = api.recipes.isEmpty ? style.red("no recipe yet") : api.recipes.joined(separator: ", ")
                out += "\(pad(api.api, 44)) \(pad("\(api.count)", 5, left: true))  \(recipes)\n"
            }
        }
        if !summary.byRecipe.isEmpty {
            out += "\n" + style.bold("By recipe") + "\n"
            for recipe in summary.byRecipe {
                out += "\(pad(recipe.id, 36)) \(pad("\(recipe.count)", 5, left: true))  \(recipe.title)\n"
            }
        }
        if !summary.topFiles.isEmpty {
            out += "\n" + style.bold("Files with the most findings") + "\n"
            for file in summary.topFiles { out += "\(pad("\(file.count)", 5, left: true))  \(file.path)\n" }
        }
        if !skipped.isEmpty {
            out += "\n" + style.bold("Skipped") + "\n"
            for file in skipped { out += "\(file.path): \(file.reason)\n" }
        }
        return out
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
