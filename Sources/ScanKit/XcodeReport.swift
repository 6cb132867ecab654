/// `--format xcode`: one diagnostic line per finding, in the form compilers print.
///
/// `path:line:column: warning: message` is what Xcode's build log turns into an issue on the line,
/// and what SwiftPM and GitHub Actions problem matchers turn into an annotation on a pull request,
/// so a run-script phase or a CI step shows findings where the code is. A hazard is a second line
/// at the same place: `note:`, or `error:` when the team wants hazards to fail the build.
struct XcodeReport {
    let directory: RecipeDirectory
    let hazardsAsErrors: Bool

    func render(_ finding: Finding) -> String {
        let place = "\(finding.path):\(finding.line):\(finding.column):"
        var out = "\(place) warning: \(finding.api) → "
        if let first = finding.recipes.first {
            out += "\(first): \(finding.modern) (\(directory[first].page))\n"
        } else {
            out += "no recipe yet: \(finding.modern)\n"
        }
        for hazard in finding.hazards {
            out += "\(place) \(hazardsAsErrors ? "error" : "note"): \(hazard.message); \(hazard.reason)\n"
        }
        return out
    }
}
