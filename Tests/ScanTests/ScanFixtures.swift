import Catalog
import Foundation
import ScanKit

/// Where the fixtures and the package are, and one scanner built from the catalog for every test.
///
/// The fixtures are excluded from the test target and found from this file's path, so they are
/// read as an app's sources would be, never compiled.
enum ScanFixtures {
    /// `Tests/ScanTests/Fixtures`.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let table = ShapeTable(recipes: Catalog.recipes)
    static let scanner = SourceScanner(table: table)

    /// A fresh folder under the temporary directory, removed after `body`.
    static func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("scan-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// The findings of a one-file source.
    static func scan(_ source: String, _ language: SourceLanguage = .swift) -> [Finding] {
        scanner.scan(source: source, language: language)
    }

    /// The hazards of a Swift source, by "line:API", scanned with `defaultIsolation`.
    static func hazards(_ source: String, defaultIsolation: DefaultIsolation = .nonisolated) -> [String: [String]] {
        let scanner = SourceScanner(table: scanner.table, defaultIsolation: defaultIsolation)
        var result: [String: [String]] = [:]
        for finding in scanner.scan(source: source, language: .swift) where !finding.hazards.isEmpty {
            result["\(finding.line):\(finding.api)", default: []] += finding.hazards.map(\.message)
        }
        return result
    }

    /// One expected finding, read from an `expect:` marker in a fixture.
    struct Expectation: Hashable, CustomStringConvertible {
        let path: String
        let line: Int
        let api: String
        let recipe: String?
        let hazard: Bool

        var description: String {
            "\(path):\(line) \(api)\(recipe.map { " -> \($0)" } ?? "")\(hazard ? " !" : "")"
        }
    }

    /// The `// expect: API -> recipe !; API` markers of every fixture file.
    static func expectations() throws -> [Expectation] {
        var result: [Expectation] = []
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        for file in files where SourceLanguage(fileName: file) != nil {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: "// expect: ") else { continue }
                for item in line[marker.upperBound...].split(separator: ";") {
                    var text = item.trimmingCharacters(in: .whitespaces)
                    let hazard = text.hasSuffix("!")
                    if hazard { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
                    let parts = text.components(separatedBy: " -> ")
                    result.append(
                        Expectation(
                            path: file, line: index + 1, api: parts[0],
                            recipe: parts.count > 1 ? parts[1] : nil, hazard: hazard))
                }
            }
        }
        return result
    }
}
