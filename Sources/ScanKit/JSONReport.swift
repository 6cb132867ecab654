import Foundation

/// The `--json` document (schema version 1; fields are only ever added, and a change to an
/// existing field bumps `schemaVersion`). The README documents every field.
struct JSONReport: Encodable {
    struct RecipeReference: Encodable {
        let id: String
        let title: String
        let page: String
    }

    struct Item: Encodable {
        let path: String
        let line: Int
        let column: Int
        let language: SourceLanguage
        let api: String
        let recipes: [RecipeReference]
        let modern: String
        let hazards: [String]
    }

    let schemaVersion = 1
    let paths: [String]
    let findings: [Item]
    let summary: ScanSummary
    let skipped: [SkippedFile]

    init(paths: [String], result: ScanResult, summary: ScanSummary, directory: RecipeDirectory) {
        self.paths = paths
        findings = result.findings.map { finding in
            Item(
                path: finding.path, line: finding.line, column: finding.column, language: finding.language,
                api: finding.api,
                recipes: finding.recipes.map {
                    RecipeReference(id: $0, title: directory[$0].title, page: directory[$0].page)
                },
                modern: finding.modern, hazards: finding.hazards)
        }
        self.summary = summary
        skipped = result.skipped
    }

    func render() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
