import Foundation
import RecipeKit
import Testing

/// `scan` where teams work: compiler-style lines for Xcode and CI, SARIF for code scanning, and a
/// baseline to track a migration with.
@Suite struct ScanFormatTests {
    func scan(_ arguments: String...) async throws -> CommandRun {
        try await CommandRun.run(
            ScanCLITests.executable, arguments, environment: [:], directory: nil, threadName: "scan-format-test")
    }

    /// The findings of the fixture app, as `--format json` lists them.
    func fixtureFindings() async throws -> [[String: Any]] {
        let run = try await scan("--format", "json", ScanFixtures.folder.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]])
    }

    /// A temporary folder, removed when `body` returns.
    func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-format-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// The line a GitHub Actions problem matcher for compilers reads (the one `swift build` output
    /// is matched with), and the form `swiftc` prints its diagnostics in.
    static var diagnostic: Regex<(Substring, file: Substring, line: Substring, column: Substring, severity: Substring, message: Substring)> {
        #/^(?<file>[^:]+):(?<line>\d+):(?<column>\d+): (?<severity>warning|error|note): (?<message>.+)$/#
    }

    @Test func xcodeFormatPrintsOneCompilerDiagnosticPerFindingAndHazard() async throws {
        let findings = try await fixtureFindings()
        let run = try await scan("--format", "xcode", ScanFixtures.folder.path)
        #expect(run.status == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        var severities: [String: Int] = [:]
        for line in lines {
            let match = try #require(line.wholeMatch(of: Self.diagnostic), "not a diagnostic: \(line)")
            #expect(FileManager.default.fileExists(atPath: String(match.file)))
            #expect(Int(match.line)! >= 1 && Int(match.column)! >= 1)
            severities[String(match.severity), default: 0] += 1
        }
        let hazards = findings.map { ($0["hazards"] as? [String])?.count ?? 0 }.reduce(0, +)
        #expect(severities["warning"] == findings.count)
        #expect(severities["note"] == hazards)
        #expect(hazards > 0)
        #expect(run.out.contains("warning: DispatchQueue.main.async → main-queue-ui-update: "))
        #expect(run.out.contains("(Guide/01-queues-and-hopping/main-queue-ui-update.md)"))
        #expect(run.err.contains("scan: \(findings.count) findings"))

        let strict = try await scan("--format", "xcode", "--hazards-as-errors", ScanFixtures.folder.path)
        #expect(strict.status == 1)
        #expect(strict.out.components(separatedBy: ": error: ").count - 1 == hazards)
        #expect(!strict.out.contains(": note: "))
    }

    @Test func hazardsAsErrorsPassesCodeWithoutHazards() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("Clean.swift")
            try "DispatchQueue.main.async { update() }\n".write(to: file, atomically: true, encoding: .utf8)
            let run = try await scan("--format", "xcode", "--hazards-as-errors", file.path)
            #expect(run.status == 0)
            #expect(run.out.contains(": warning: DispatchQueue.main.async → main-queue-ui-update: "))
            #expect(!run.out.contains(": error: "))
        }
    }

    @Test func theSARIFLogHasARulePerRecipeAndAResultPerFinding() async throws {
        let findings = try await fixtureFindings()
        try await withFolder { folder in
            let file = folder.appendingPathComponent("scan.sarif")
            let run = try await scan("--sarif", file.path, "--no-color", ScanFixtures.folder.path)
            #expect(run.status == 0)
            let log = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            #expect(log["version"] as? String == "2.1.0")
            let runs = try #require(log["runs"] as? [[String: Any]])
            #expect(runs.count == 1)
            let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
            #expect(driver["name"] as? String == "scan")
            let rules = try #require(driver["rules"] as? [[String: Any]])
            let results = try #require(runs[0]["results"] as? [[String: Any]])
            #expect(results.count == findings.count)
            let ids = rules.compactMap { $0["id"] as? String }
            #expect(Set(ids).count == ids.count, "one rule per recipe")
            for (result, finding) in zip(results, findings) {
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(ids[index] == result["ruleId"] as? String)
                let recipe = ((finding["recipes"] as? [[String: Any]])?.first?["id"] as? String) ?? "no-recipe-yet"
                #expect(result["ruleId"] as? String == recipe)
                let hazards = (finding["hazards"] as? [String]) ?? []
                #expect(result["level"] as? String == (hazards.isEmpty ? "warning" : "error"))
                let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                let region = try #require(location["region"] as? [String: Any])
                #expect(region["startLine"] as? Int == finding["line"] as? Int)
                #expect(region["startColumn"] as? Int == finding["column"] as? Int)
            }
            for rule in rules where rule["id"] as? String != "no-recipe-yet" {
                #expect((rule["helpUri"] as? String)?.hasPrefix("Guide/") == true)
                #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String != nil)
            }
        }
    }

    @Test func aBaselineReportsWhatIsNewAndWhatIsGone() async throws {
        try await withFolder { folder in
            let file = folder.appendingPathComponent("Loader.swift")
            let baseline = folder.appendingPathComponent("baseline.json")
            try "let group = DispatchGroup()\ngroup.enter()\nDispatchQueue.main.async { done() }\n"
                .write(to: file, atomically: true, encoding: .utf8)
            let then = try await scan("--format", "json", file.path)
            try then.out.write(to: baseline, atomically: true, encoding: .utf8)

            let unchanged = try await scan("--baseline", baseline.path, "--fail-on-new", "--no-color", file.path)
            #expect(unchanged.status == 0)
            #expect(unchanged.out.contains("0 new, 0 gone: 3 findings then, 3 now."))

            try "let group = DispatchGroup()\n\ngroup.enter()\ngroup.wait()\nThread.sleep(forTimeInterval: 1)\n"
                .write(to: file, atomically: true, encoding: .utf8)
            let changed = try await scan("--baseline", baseline.path, "--no-color", file.path)
            #expect(changed.status == 0, "without --fail-on-new a change is only reported")
            #expect(changed.out.contains("2 new, 1 gone: 3 findings then, 4 now."))
            #expect(changed.out.contains("Loader.swift:4:1: DispatchGroup.wait"))
            #expect(changed.out.contains("main-queue-ui-update"), "its count went from 1 to 0")

            let failing = try await scan("--baseline", baseline.path, "--fail-on-new", "--format", "xcode", file.path)
            #expect(failing.status == 1)
            let printed = failing.out.split(separator: "\n")
            #expect(printed.count == 2, "only the new findings: \(failing.out)")
            #expect(printed.allSatisfy { $0.contains(": warning: DispatchGroup.wait") || $0.contains(": warning: Thread.sleep") })
            #expect(failing.err.contains("2 new since the baseline"))

            let json = try await scan("--format", "json", "--baseline", baseline.path, file.path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
            let section = try #require(object["baseline"] as? [String: Any])
            #expect(section["new"] as? Int == 2)
            #expect(section["gone"] as? Int == 1)
            // Each finding counts once, under its first recipe: the rows' changes add up to new − gone.
            let rows = try #require(section["recipes"] as? [[String: Any]])
            let change = rows.map { ($0["now"] as? Int ?? 0) - ($0["then"] as? Int ?? 0) }.reduce(0, +)
            #expect(change == 2 - 1)
        }
    }

    @Test func badOptionsAreUsageErrors() async throws {
        let noBaseline = try await scan("--fail-on-new", ScanFixtures.folder.path)
        #expect(noBaseline.status == 64)
        #expect(noBaseline.err.contains("--fail-on-new needs --baseline FILE"))
        let missing = try await scan("--baseline", "/no/such/report.json", ScanFixtures.folder.path)
        #expect(missing.status == 64)
        #expect(missing.err.contains("cannot read the baseline /no/such/report.json"))
        let format = try await scan("--format", "html", ScanFixtures.folder.path)
        #expect(format.status == 64)
        #expect(format.err.contains("--format is terminal, json, xcode, not html"))
        try await withFolder { folder in
            let notAReport = folder.appendingPathComponent("notes.json")
            try "{\"hello\": 1}".write(to: notAReport, atomically: true, encoding: .utf8)
            let run = try await scan("--baseline", notAReport.path, ScanFixtures.folder.path)
            #expect(run.status == 64)
            #expect(run.err.contains("is not a report of `scan --json`"))
        }
        let sarif = try await scan("--sarif")
        #expect(sarif.status == 64)
    }
}
