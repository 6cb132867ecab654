import Foundation
import ScanKit
import Testing

/// `scan`'s precision on the labelled corpus (`Tests/ScanTests/Corpus`, described in its README):
/// how often the first page a finding names is the page to read, and how many of the hazards it
/// reports are real. Each figure must stay at or above its floor; `Documentation/scan.md` publishes
/// both.
@Suite struct ScanPrecisionTests {
    /// The floors, set from the measurement (see `Documentation/scan.md`, "How precise it is").
    /// Measured: 182 of 183 first pages right, 22 of 22 hazards real, 183 of 183 labelled uses
    /// found (79 of 208, 13 of 24 and 163 of 183 before the use rules).
    static let firstPageFloor = 0.95
    static let hazardFloor = 0.95
    static let labelRecallFloor = 0.99

    @Test func theFirstPageIsThePageToRead() throws {
        let measured = try Self.measurement()
        let share = measured.firstPageShare
        print("scan precision: first page right for \(measured.rightFirstPage) of \(measured.findings) findings")
        #expect(share >= Self.firstPageFloor, "first-page precision \(share)\n\(measured.misses.joined(separator: "\n"))")
    }

    @Test func theHazardsAreReal() throws {
        let measured = try Self.measurement()
        print("scan precision: \(measured.realHazards) of \(measured.hazards) hazards real")
        #expect(
            measured.hazardShare >= Self.hazardFloor,
            "hazard precision \(measured.hazardShare)\n\(measured.falseHazards.joined(separator: "\n"))")
    }

    /// Precision must not come from dropping findings: the labelled uses are still found.
    @Test func theLabelledUsesAreFound() throws {
        let measured = try Self.measurement()
        print("scan precision: \(measured.labelsFound) of \(measured.labels) labelled uses found")
        let share = Double(measured.labelsFound) / Double(max(1, measured.labels))
        #expect(share >= Self.labelRecallFloor, "\(measured.unfound.joined(separator: "\n"))")
    }

    // MARK: - Labels and the measurement

    /// One `// label: API => page | page !word` item.
    struct Label {
        let path: String
        let line: Int
        let api: String
        let pages: [String]
        /// `!word`: a real hazard, whose message contains `word`; `?word`: a hazard that depends on
        /// code the file doesn't show (a caller), right only when reported as possible.
        let hazard: (word: String, real: Bool)?
    }

    struct Measurement {
        var findings = 0
        var rightFirstPage = 0
        var hazards = 0
        var realHazards = 0
        var labels = 0
        var labelsFound = 0
        var misses: [String] = []
        var falseHazards: [String] = []
        var unfound: [String] = []

        var firstPageShare: Double { Double(rightFirstPage) / Double(max(1, findings)) }
        var hazardShare: Double { Double(realHazards) / Double(max(1, hazards)) }
    }

    static let corpus = ScanFixtures.folder.deletingLastPathComponent().appendingPathComponent("Corpus")
    static let codeBases = ["PhotoClient", "MacUtility", "NetworkSDK"]

    static func labels() throws -> [Label] {
        var labels: [Label] = []
        for base in codeBases {
            let folder = corpus.appendingPathComponent(base)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where SourceLanguage(fileName: file) != nil {
                let path = folder.appendingPathComponent(file).path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    guard let marker = line.range(of: "// label: ") else { continue }
                    for item in line[marker.upperBound...].split(separator: ";") {
                        labels.append(label(String(item), path: path, line: index + 1))
                    }
                }
            }
        }
        return labels
    }

    static func label(_ item: String, path: String, line: Int) -> Label {
        let parts = item.components(separatedBy: " => ")
        var pages: [String] = []
        var hazard: (String, Bool)?
        for word in (parts.count > 1 ? parts[1] : "").split(separator: " ") where word != "|" {
            if let first = word.first, first == "!" || first == "?" {
                hazard = (word.dropFirst().replacingOccurrences(of: "-", with: " "), first == "!")
            } else {
                pages.append(String(word))
            }
        }
        return Label(
            path: path, line: line, api: parts[0].trimmingCharacters(in: .whitespaces), pages: pages, hazard: hazard)
    }

    static func measurement() throws -> Measurement {
        var unlabelled = try labels()
        var measured = Measurement()
        measured.labels = unlabelled.count
        let paths = codeBases.map { corpus.appendingPathComponent($0).path }
        for finding in try ScanFixtures.scanner.scan(paths: paths).findings {
            measured.findings += 1
            let place = "\(finding.path.dropFirst(corpus.path.count + 1)):\(finding.line) \(finding.api)"
            let index = unlabelled.firstIndex { $0.path == finding.path && $0.line == finding.line && $0.api == finding.api }
            let label = index.map { unlabelled.remove(at: $0) }
            if let label, let first = finding.recipes.first, label.pages.contains(first) {
                measured.rightFirstPage += 1
            } else {
                let wanted = label.map { $0.pages.joined(separator: " | ") } ?? "no finding"
                measured.misses.append("\(place): \(finding.recipes.first ?? "no recipe") instead of \(wanted)")
            }
            if label != nil { measured.labelsFound += 1 }
            for hazard in finding.hazards {
                measured.hazards += 1
                let words = hazard.message.lowercased().replacingOccurrences(of: "-", with: " ")
                if let expected = label?.hazard, words.contains(expected.word),
                    expected.real || hazard.confidence == .possible
                {
                    measured.realHazards += 1
                } else {
                    measured.falseHazards.append("\(place): \(hazard.message)")
                }
            }
        }
        measured.unfound = unlabelled.map {
            "\($0.path.dropFirst(corpus.path.count + 1)):\($0.line) \($0.api) not found"
        }
        return measured
    }
}
