import Foundation
import Testing

@testable import BenchKit

/// `bench --recipe-ratios`: two `compare --all --json` runs become one row per timed scenario.
@Suite struct RecipeRatiosTests {
    static let machine = BenchResults.Machine(
        cores: 2, memoryBytes: 1, os: "Linux", toolchain: "Swift", configuration: "release",
        date: "2026-11-26T00:00:00Z",
        quick: false, seconds: 0)

    /// A `compare --json` report: `timed` maps "recipe/scenario" to (legacy, modern) median seconds;
    /// a scenario absent there is a demonstration (no measurement).
    static func report(
        pace: String = "quick", runs: Int = 5, _ timed: [String: (Double, Double)], demo: String? = nil
    ) -> Data {
        var recipes: [String: [[String: Any]]] = [:]
        for (key, times) in timed {
            let parts = key.split(separator: "/").map(String.init)
            recipes[parts[0], default: []].append([
                "name": parts[1], "agrees": true,
                "legacy": ["lines": [], "measurement": ["wallMedianSeconds": times.0, "wallMinSeconds": times.0]],
                "modern": ["lines": [], "measurement": ["wallMedianSeconds": times.1, "wallMinSeconds": times.1]],
            ])
        }
        if let demo {
            recipes[demo, default: []].append(["name": "main", "legacy": ["lines": []], "modern": ["lines": []]])
        }
        let json: [String: Any] = [
            "schemaVersion": 1, "pace": pace, "runs": runs, "agrees": true,
            "recipes": recipes.keys.sorted().map { ["id": $0, "title": $0, "scenarios": recipes[$0]!] },
        ]
        return try! JSONSerialization.data(withJSONObject: json)
    }

    @Test func eachTimedScenarioGetsBothRunsRatiosAndTheirSpread() throws {
        let first = Self.report(["a/main": (0.010, 0.020), "b/main": (0.010, 0.005), "b/other": (0.1, 0.1)], demo: "c")
        let second = Self.report(
            ["a/main": (0.010, 0.030), "b/main": (0.010, 0.005), "b/other": (0.1, 0.1)], demo: "c")
        let ratios = try RecipeRatios.combine([first, second], machine: Self.machine)
        #expect(ratios.rows.count == 3, "the demonstration has no row")
        #expect(ratios.pace == "quick" && ratios.runsPerSide == 5)
        let slowest = try #require(ratios.bySlowestModern.first)
        #expect(slowest.recipe == "a" && slowest.ratios == [2, 3])
        #expect(slowest.ratio == 2.5)
        #expect(abs(slowest.spread - 0.4) < 1e-9)
        #expect(ratios.bySlowestModern.map(\.recipe) == ["a", "b", "b"])
        #expect(ratios.bySlowestModern.last?.ratio == 0.5)
        // Round trip through the file's bytes.
        #expect(try JSONDecoder().decode(RecipeRatios.self, from: ratios.jsonData()) == ratios)
    }

    @Test func runsThatCantBeComparedAreRefusedWithTheReason() {
        let run = Self.report(["a/main": (0.01, 0.01)])
        #expect(throws: RecipeRatiosError.self) { try RecipeRatios.combine([run], machine: Self.machine) }
        #expect(throws: RecipeRatiosError.self) {
            try RecipeRatios.combine([run, Self.report(pace: "test", ["a/main": (0.01, 0.01)])], machine: Self.machine)
        }
        #expect(throws: RecipeRatiosError.self) {
            try RecipeRatios.combine([run, Self.report(["b/main": (0.01, 0.01)])], machine: Self.machine)
        }
        do {
            _ = try RecipeRatios.combine([run, Data("not json".utf8)], machine: Self.machine)
            Issue.record("a file that is not JSON was accepted")
        } catch {
            #expect(error.description.hasPrefix("run 2 is not a `compare --all --json` report"))
        }
    }

    @Test func theCommandLineTakesTwoRunsAndWritesTheFile() async throws {
        #expect(throws: BenchUsageError.self) { try BenchOptions.parse(["--recipe-ratios", "one.json"]) }
        let options = try BenchOptions.parse(["--recipe-ratios", "a.json", "b.json", "--output", "out.json"])
        #expect(options.recipeRuns == ["a.json", "b.json"] && options.output == "out.json")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ratios-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = ["a.json", "b.json"].map { folder.appendingPathComponent($0).path }
        for path in runs { try Self.report(["a/main": (0.01, 0.02)]).write(to: URL(fileURLWithPath: path)) }
        let output = folder.appendingPathComponent("ratios.json")
        #expect(await BenchCommand.run(arguments: ["--recipe-ratios"] + runs + ["--output", output.path]) == 0)
        let written = try JSONDecoder().decode(RecipeRatios.self, from: Data(contentsOf: output))
        #expect(written.rows.map(\.ratios) == [[2, 2]])
        #expect(
            await BenchCommand.run(arguments: ["--recipe-ratios", runs[0], folder.appendingPathComponent("none").path])
                == 66)
    }
}
