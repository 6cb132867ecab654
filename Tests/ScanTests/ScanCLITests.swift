import Foundation
import RecipeKit
import Testing

/// The `scan` executable as a person or a script meets it: help, usage errors, the three outputs.
@Suite struct ScanCLITests {
    typealias Run = CommandRun

    /// The built `scan`, next to the test runner.
    static var executable: URL { CommandRun.builtExecutable(named: "scan") }

    /// Runs `scan` with these arguments (and `environment` added to this process's).
    func scan(
        _ arguments: String..., environment: [String: String] = [:], directory: URL? = nil
    ) async throws -> Run {
        try await CommandRun.run(
            Self.executable, arguments, environment: environment, directory: directory,
            threadName: "scan-cli-test")
    }

    @Test func helpNamesTheOptionsAndTheExitStatuses() async throws {
        let run = try await scan("--help")
        #expect(run.status == 0)
        for word in ["--json", "--markdown", "--default-isolation", "--no-color", "PATH", "64"] {
            #expect(run.out.contains(word))
        }
    }

    @Test func usageErrorsExitWith64AndSayWhy() async throws {
        let unknown = try await scan("--frobnicate", ScanFixtures.folder.path)
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("unknown option --frobnicate"))
        let missing = try await scan("/no/such/app")
        #expect(missing.status == 64)
        #expect(missing.err.contains("no such file or directory: /no/such/app"))
        let none = try await scan()
        #expect(none.status == 64)
        #expect(none.err.contains("no path"))
        let noFile = try await scan("--markdown")
        #expect(noFile.status == 64)
        let noIsolation = try await scan("--default-isolation")
        #expect(noIsolation.status == 64)
        #expect(noIsolation.err.contains("needs nonisolated or MainActor"))
        let badIsolation = try await scan("--default-isolation", "mainactor", ScanFixtures.folder.path)
        #expect(badIsolation.status == 64)
        #expect(badIsolation.err.contains("not mainactor"))
        for jobs in ["0", "many"] {
            let badJobs = try await scan("--jobs", jobs, ScanFixtures.folder.path)
            #expect(badJobs.status == 64)
            #expect(badJobs.err.contains("--jobs needs a number"))
        }
    }

    @Test func defaultMainActorIsolationAddsTheIsolationTrapHazard() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Monitor.swift")
        try "final class Monitor {\n    func start() { source.setEventHandler { trim() } }\n}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let plain = try await scan("--no-color", file.path)
        #expect(plain.status == 0)
        #expect(!plain.out.contains("isolation trap"))
        let app = try await scan("--no-color", "--default-isolation", "MainActor", file.path)
        #expect(app.status == 0)
        #expect(app.out.contains("likely runtime isolation trap"))
    }

    @Test func theTerminalReportNamesRecipesAndPages() async throws {
        let run = try await scan(ScanFixtures.folder.path)
        #expect(run.status == 0)
        #expect(run.out.contains("FeedViewController.swift:17:13: DispatchQueue.main.async"))
        #expect(run.out.contains("Guide/01-queues-and-hopping/main-queue-ui-update.md"))
        #expect(run.out.contains("no recipe yet"))
        #expect(run.out.contains("Reading order"))
        #expect(run.out.contains("⚠ likely"))
        #expect(!run.out.contains("\u{1B}["), "no colour when standard output is a pipe")
    }

    @Test func theJSONReportFollowsSchemaVersion1() async throws {
        let run = try await scan("--json", ScanFixtures.folder.path)
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect(Set(object.keys) == ["schemaVersion", "paths", "findings", "summary", "skipped"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let first = try #require(findings.first)
        #expect(
            Set(first.keys) == [
                "path", "line", "column", "language", "api", "recipes", "modern", "hazards", "hazardDetails",
            ])
        for detail in findings.flatMap({ ($0["hazardDetails"] as? [[String: Any]]) ?? [] }) {
            #expect(Set(detail.keys) == ["confidence", "message", "reason", "page"])
            #expect(["likely", "possible"].contains(detail["confidence"] as? String))
        }
        let recipes = findings.compactMap { ($0["recipes"] as? [[String: Any]])?.first }
        let recipe = try #require(recipes.first)
        #expect(Set(recipe.keys) == ["id", "title", "page"])
        let summary = try #require(object["summary"] as? [String: Any])
        for key in ["findings", "withRecipe", "withoutRecipe", "byAPI", "byRecipe", "topFiles", "readingOrder"] {
            #expect(summary[key] != nil, "summary.\(key)")
        }
        #expect(summary["findings"] as? Int == findings.count)
    }

    /// `--hazards` keeps the likely ones, the possible ones, or none; the summary leads with the
    /// likely ones either way.
    @Test func theHazardsOptionFiltersByConfidence() async throws {
        let all = try await scan("--no-color", ScanFixtures.folder.path)
        #expect(all.out.contains("⚠ likely") && all.out.contains("⚠ possible"))
        #expect(all.out.contains("Likely hazards (fix these first)"))
        let likely = try await scan("--no-color", "--hazards", "likely", ScanFixtures.folder.path)
        #expect(likely.out.contains("⚠ likely") && !likely.out.contains("⚠ possible"))
        let possible = try await scan("--no-color", "--hazards", "possible", ScanFixtures.folder.path)
        #expect(!possible.out.contains("⚠ likely") && possible.out.contains("⚠ possible"))
        let none = try await scan("--no-color", "--hazards", "none", ScanFixtures.folder.path)
        #expect(!none.out.contains("⚠"))
        let wrong = try await scan("--hazards", "some", ScanFixtures.folder.path)
        #expect(wrong.status == 64)
        #expect(wrong.err.contains("--hazards is all, likely, possible, none, not some"))
    }

    @Test func theMarkdownReportLinksToTheGuide() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await scan("--markdown", file.path, "--no-color", ScanFixtures.folder.path)
        #expect(run.status == 0)
        let markdown = try String(contentsOf: file, encoding: .utf8)
        #expect(markdown.hasPrefix("# Legacy concurrency in"))
        #expect(markdown.contains("## Reading order"))
        #expect(markdown.contains("](Guide/01-queues-and-hopping/main-queue-ui-update.md) (`main-queue-ui-update`)"))
        // The lock the guide recommends below `Mutex`'s OS versions names the page that recommends it.
        #expect(markdown.contains("| `OSAllocatedUnfairLock` | 1 | [One critical section, every lock kind]("))
    }

    /// The README shows an excerpt of `swift run scan Tests/ScanTests/Fixtures`; every line of it
    /// must be a line the command prints today, so the excerpt stays real as recipes land.
    @Test func theReadmeExcerptIsRealOutput() async throws {
        let readme = try String(
            contentsOf: ScanFixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```text\nTests/ScanTests/Fixtures/"))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let excerpt = readme[readme.index(start.lowerBound, offsetBy: 8)..<end.lowerBound]
        let run = try await scan(
            "--no-color", "Tests/ScanTests/Fixtures", directory: ScanFixtures.packageRoot)
        #expect(run.status == 0)
        let printed = Set(run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        for line in excerpt.split(separator: "\n") where !line.hasPrefix("…") {
            #expect(printed.contains(String(line)), "README shows a line scan no longer prints: \(line) (run Scripts/update-readme-scan-excerpt.py)")
        }
    }

    @Test func theBenchmarkTreeHasTheLinesAskedForAndFindingsInBothLanguages() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generate = try await scan("--generate-benchmark-tree", directory.path, "3000")
        #expect(generate.status == 0)
        let run = try await scan("--json", directory.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        let lines = try #require(summary["lines"] as? Int)
        #expect(lines >= 3000 && lines < 3600)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(Set(findings.compactMap { $0["language"] as? String }) == ["swift", "objc"])
    }

    @Test func aScanThatSkipsFilesStillExitsZero() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("Gone.m").path, withDestinationPath: "/no/such/file")
        let run = try await scan(directory.path)
        #expect(run.status == 0)
        #expect(run.err.contains("Gone.m: unreadable"))
    }
}
