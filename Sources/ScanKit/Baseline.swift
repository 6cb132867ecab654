import Foundation
import RecipeKit

/// `--baseline FILE`: an earlier `--json` report, and what changed since.
///
/// Findings are matched by file and API, not by line, so that code moving within a file is not a
/// change: for each (path, API) the count now is set against the count then, and the difference is
/// new or gone. A scan matches its baseline when both were run with the same paths from the same
/// folder, as a CI job does. The per-recipe counts count each finding once, under its first
/// recipe (the summary's `byRecipe` counts it under every recipe it names, so one new call would
/// move several rows).
struct Baseline {
    struct Key: Hashable {
        let path: String
        let api: String
    }

    /// One recipe's findings then and now.
    struct RecipeChange: Equatable {
        let id: String
        let then: Int
        let now: Int
    }

    let file: String
    let findingsThen: Int
    private let recipesThen: [String: Int]
    private var remaining: [Key: Int] = [:]
    private var recipesNow: [String: Int] = [:]
    /// The row of findings that name no recipe.
    static let noRecipe = "(no recipe yet)"
    private(set) var new: [Finding] = []
    private(set) var newCount = 0
    /// New findings listed by name; the rest are only counted.
    static let listLimit = 200

    private struct Document: Decodable {
        struct Entry: Decodable {
            struct Recipe: Decodable { let id: String }
            let path: String
            let api: String
            let recipes: [Recipe]
        }
        let schemaVersion: Int
        let findings: [Entry]
    }

    /// Reads `file`, a report written by `scan --json`.
    init(file: String) throws(ScanError) {
        self.file = file
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ScanError("cannot read the baseline \(file)")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw ScanError("the baseline \(file) is not a report of `scan --json`")
        }
        guard document.schemaVersion == 1 else {
            throw ScanError("the baseline \(file) has schemaVersion \(document.schemaVersion); this scan reads 1")
        }
        findingsThen = document.findings.count
        var recipes: [String: Int] = [:]
        for entry in document.findings {
            remaining[Key(path: entry.path, api: entry.api), default: 0] += 1
            recipes[entry.recipes.first?.id ?? Self.noRecipe, default: 0] += 1
        }
        recipesThen = recipes
    }

    /// Takes a finding of this scan: returns whether it is new since the baseline.
    mutating func isNew(_ finding: Finding) -> Bool {
        recipesNow[finding.recipes.first ?? Self.noRecipe, default: 0] += 1
        let key = Key(path: finding.path, api: finding.api)
        if let count = remaining[key], count > 0 {
            remaining[key] = count - 1
            return false
        }
        newCount += 1
        if new.count < Self.listLimit { new.append(finding) }
        return true
    }

    /// Findings of the baseline that this scan did not meet.
    var goneCount: Int { remaining.values.reduce(0, +) }

    /// The recipes whose count changed, the biggest change first.
    func recipeChanges() -> [RecipeChange] {
        Set(recipesNow.keys).union(recipesThen.keys)
            .map { RecipeChange(id: $0, then: recipesThen[$0] ?? 0, now: recipesNow[$0] ?? 0) }
            .filter { $0.then != $0.now }
            .sorted { (abs($1.now - $1.then), $0.id) < (abs($0.now - $0.then), $1.id) }
    }

    /// The terminal section.
    func render(now summary: ScanSummary, style: Style) -> String {
        var out = "\n" + style.bold("Since the baseline") + " (\(file))\n"
        out += "\(newCount) new, \(goneCount) gone: \(findingsThen) findings then, \(summary.findings) now.\n"
        let changes = recipeChanges()
        if !changes.isEmpty {
            out += "\n" + "findings by first recipe".padding(toLength: 40, withPad: " ", startingAt: 0) + "  then    now\n"
            for change in changes {
                out += change.id.padding(toLength: 40, withPad: " ", startingAt: 0)
                    + String(repeating: " ", count: max(0, 6 - String(change.then).count)) + "\(change.then)"
                    + String(repeating: " ", count: max(0, 7 - String(change.now).count)) + "\(change.now)\n"
            }
        }
        if !new.isEmpty {
            out += "\n" + style.bold("New") + "\n"
            for finding in new {
                out += "  \(finding.path):\(finding.line):\(finding.column): \(finding.api)"
                    + (finding.recipes.first.map { " → \($0)" } ?? " (no recipe yet)") + "\n"
            }
            if newCount > new.count { out += "  … and \(newCount - new.count) more\n" }
        }
        return out
    }

    /// The `"baseline"` member of the JSON report.
    func json(now summary: ScanSummary) -> String {
        let quote = JSONText.quoted
        let changes = recipeChanges().map {
            "{\"id\": \(quote($0.id)), \"then\": \($0.then), \"now\": \($0.now)}"
        }
        let new = self.new.map {
            "{\"path\": \(quote($0.path)), \"line\": \($0.line), \"column\": \($0.column), \"api\": \(quote($0.api))}"
        }
        return "{\"file\": \(quote(file)), \"new\": \(newCount), \"gone\": \(goneCount), "
            + "\"findingsThen\": \(findingsThen), \"recipes\": [\(changes.joined(separator: ", "))], "
            + "\"newFindings\": [\(new.joined(separator: ", "))]}"
    }
}
