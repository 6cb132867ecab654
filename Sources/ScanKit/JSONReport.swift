import Foundation
import RecipeKit

/// The `--json` document, written as the scan goes: schema version 1 (fields are only ever added,
/// and a change to an existing field bumps `schemaVersion`). `Documentation/scan.md` documents
/// every field.
///
/// Findings are written one object per line as they are found, so a scan of any size streams; the
/// summary and the skipped files follow them.
struct JSONReport {
    let directory: RecipeDirectory

    func header(paths: [String]) -> String {
        "{\n  \"schemaVersion\": 1,\n  \"paths\": [\(paths.map(JSONText.quoted).joined(separator: ", "))],\n  \"findings\": ["
    }

    /// The JSON of the fields that are the same for every finding of an API, and of the last path.
    private var apiFields: [String: String] = [:]
    private var lastPath = (path: "", quoted: "\"\"")

    init(directory: RecipeDirectory) {
        self.directory = directory
    }

    mutating func render(_ finding: Finding, first: Bool) -> String {
        if finding.path != lastPath.path { lastPath = (finding.path, JSONText.quoted(finding.path)) }
        // The recipes' order is the use's: two uses of one API can name different pages first.
        let key = finding.api + "\u{0}" + finding.modern + "\u{0}" + finding.recipes.joined(separator: ",")
        let fields: String
        if let cached = apiFields[key] {
            fields = cached
        } else {
            let recipes = finding.recipes.map { id in
                let entry = directory[id]
                return "{\"id\": \(JSONText.quoted(id)), \"title\": \(JSONText.quoted(entry.title)), "
                    + "\"page\": \(JSONText.quoted(entry.page))}"
            }
            fields =
                "\"api\": \(JSONText.quoted(finding.api)), \"recipes\": [\(recipes.joined(separator: ", "))], "
                + "\"modern\": \(JSONText.quoted(finding.modern)), "
            apiFields[key] = fields
        }
        var hazards = ""
        var details = ""
        if !finding.hazards.isEmpty {
            hazards = finding.hazards.map { JSONText.quoted($0.message) }.joined(separator: ", ")
            details = finding.hazards.map { hazard in
                "{\"confidence\": \"\(hazard.confidence.rawValue)\", \"message\": \(JSONText.quoted(hazard.message)), "
                    + "\"reason\": \(JSONText.quoted(hazard.reason)), \"page\": \(hazard.page.map(JSONText.quoted) ?? "null")}"
            }.joined(separator: ", ")
        }
        return (first ? "\n" : ",\n") + "    {\"path\": \(lastPath.quoted), \"line\": \(finding.line), "
            + "\"column\": \(finding.column), \"language\": \"\(finding.language.rawValue)\", "
            + fields + "\"hazards\": [\(hazards)], \"hazardDetails\": [\(details)]}"
    }

    /// The summary, the skipped files, and `baseline` (the JSON of `--baseline`'s comparison) if any.
    func footer(summary: ScanSummary, skipped: [SkippedFile], anyFindings: Bool, baseline: String? = nil) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        func encode<Value: Encodable>(_ value: Value) -> String {
            guard let data = try? encoder.encode(value) else { return "null" }
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n  ")
        }
        return (anyFindings ? "\n  ],\n" : "],\n") + "  \"summary\": \(encode(summary)),\n"
            + (baseline.map { "  \"baseline\": \($0),\n" } ?? "")
            + "  \"skipped\": \(encode(skipped))\n}\n"
    }
}
