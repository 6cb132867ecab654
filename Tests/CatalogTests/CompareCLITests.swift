import Catalog
import CompareKit
import Foundation
import RecipeKit
import Testing

/// The `compare` executable as a person or a script meets it: help, list, errors, JSON.
@Suite struct CompareCLITests {
    typealias Run = CommandRun

    func compare(_ arguments: String...) async throws -> Run {
        try await compare(arguments)
    }

    /// Runs the built `compare` with these arguments, with `NO_COLOR` unset.
    func compare(_ arguments: [String]) async throws -> Run {
        try await CommandRun.run(
            ChildProcess.executable, arguments, removing: ["NO_COLOR"], threadName: "compare-cli-test")
    }

    @Test func helpNamesEveryOptionAndTheExitStatuses() async throws {
        let run = try await compare("--help")
        #expect(run.status == 0)
        for option in ["--list", "--all", "--runs", "--batch-ms", "--pace", "--code", "--json", "--full", "NO_COLOR", "64"] {
            #expect(run.out.contains(option), "help does not mention \(option)")
        }
    }

    @Test func listShowsEveryRecipeUnderItsChapterInOrder() async throws {
        let run = try await compare("--list")
        #expect(run.status == 0)
        var position = run.out.startIndex
        for chapter in Catalog.chapters {
            let header = try #require(
                run.out.range(of: "\(chapter.number). \(chapter.title)", range: position..<run.out.endIndex))
            position = header.upperBound
            for recipe in Catalog.recipes(in: chapter) {
                let line = try #require(run.out.range(of: recipe.id, range: position..<run.out.endIndex))
                position = line.upperBound
            }
            for note in Catalog.notes(in: chapter) {
                let line = try #require(
                    run.out.range(of: "\(note.id) ", range: position..<run.out.endIndex), "\(note.id) not listed")
                let end = run.out[line.upperBound...].firstIndex(of: "\n") ?? run.out.endIndex
                #expect(run.out[line.upperBound..<end].hasSuffix("(guide note: nothing to run)"), "\(note.id)")
                position = end
            }
        }
    }

    /// A note has nothing to run: its id prints the note (what it did, why nothing runs, what to do
    /// instead) and exits 0, so `compare <id>` works for every id `--list` shows.
    @Test(arguments: Catalog.notes.map(\.id))
    func aGuideNoteIdPrintsTheNoteAndExitsZero(_ id: String) async throws {
        let note = try #require(Catalog.note(id))
        let run = try await compare(id)
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(run.out.hasPrefix("\(id) — \(note.title) (guide note: nothing to run)"))
        for heading in ["What it did", "Why there is nothing to run", "Instead"] {
            #expect(run.out.contains("\n\(heading)\n"), "no \(heading)")
        }
        #expect(run.out.contains(note.instead[0].prefix(40)))
    }

    @Test func aNoteBesideARecipePrintsTheNoteThenRunsTheRecipe() async throws {
        let note = try #require(Catalog.notes.first)
        let run = try await compare(note.id, "serial-queue", "--pace", "test", "--runs", "1")
        #expect(run.status == 0)
        let printed = try #require(run.out.range(of: "guide note: nothing to run"))
        let ran = try #require(run.out.range(of: "serial-queue"))
        #expect(printed.lowerBound < ran.lowerBound)
    }

    /// A script that passes a note id with `--json` still gets JSON: the note's text in `notes`,
    /// beside the recipes it ran.
    @Test func aGuideNoteIdWithJSONIsInTheReportsNotes() async throws {
        let note = try #require(Catalog.notes.first { $0.file != nil })
        let run = try await compare(note.id, "serial-queue", "--json", "--pace", "test", "--runs", "1")
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.out.utf8))
        #expect(report.recipes.map(\.id) == ["serial-queue"])
        let notes = try #require(report.notes)
        #expect(notes.map(\.id) == [note.id])
        #expect(notes[0].text == note.text)
        #expect(notes[0].legacyPath == note.legacyPath)

        let alone = try await compare(note.id, "--json")
        #expect(alone.status == 0)
        let noteOnly = try JSONDecoder().decode(Report.self, from: Data(alone.out.utf8))
        #expect(noteOnly.recipes.isEmpty)
        #expect(noteOnly.agrees)
        #expect(noteOnly.notes?.map(\.title) == [note.title])
    }

    @Test func anUnknownRecipeIsAUsageErrorThatSuggestsTheClosestIds() async throws {
        let run = try await compare("seral-queue")
        #expect(run.status == 64)
        #expect(run.err.contains("no recipe 'seral-queue'"))
        #expect(run.err.contains("Did you mean: serial-queue"))
        #expect(run.out.isEmpty)
    }

    @Test(arguments: [
        ["--runs", "0"], ["--runs"], ["--batch-ms", "0"], ["--batch-ms"], ["--pace", "warp"], ["--frobnicate"], [], ["--list", "serial-queue"],
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String]) async throws {
        let process = try await compare(arguments)
        #expect(process.status == 64)
        #expect(process.err.contains("compare:"))
    }

    @Test func aRecipeRunPrintsBothTranscriptsTheVerdictAndTimings() async throws {
        let run = try await compare("serial-queue", "--runs", "1", "--pace", "test")
        #expect(run.status == 0)
        #expect(run.out.contains("serial-queue — Serial queue"))
        #expect(run.out.contains("First iteration, counter = 0"))
        #expect(run.out.contains("✓ same"))
        #expect(run.out.contains("wall median"))
        #expect(run.out.contains("modern/legacy"))
        let unwrapped = run.out.replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.contains("sides under 5 ms run in batches of ≥ 10 ms and report per-run time"))
        #expect(run.out.contains("peak RSS"))
        #expect(run.out.contains("batch"))
        #expect(!run.out.contains("\u{1B}["), "no colour when the output is not a terminal")
    }

    @Test func aDemonstrationReadsAsExpectedNotSame() async throws {
        // A recipe of demonstrations only, whose children end at once (sync-deadlock's wait out
        // their timeouts: 7 s).
        let run = try await compare("dispatch-source-signal", "--runs", "1", "--pace", "test")
        #expect(run.status == 0)
        #expect(run.out.contains("✓ as expected"))
        #expect(!run.out.contains("✓ same: both sides agree"))
    }

    @Test func codeShowsBothSourceFiles() async throws {
        let run = try await compare("--code", "serial-queue")
        #expect(run.status == 0)
        #expect(run.out.contains("Sources/Legacy/Queues/SerialQueue.swift"))
        #expect(run.out.contains("Sources/Modern/Queues/SerialQueue.swift"))
        #expect(run.out.contains("DispatchQueue(label:"))
        #expect(run.out.contains("AsyncStream"))
    }

    @Test func jsonFollowsTheDocumentedSchema() async throws {
        let run = try await compare("serial-queue", "--json", "--runs", "1", "--pace", "test")
        #expect(run.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect(root["schemaVersion"] as? Int == 1)
        #expect(root["pace"] as? String == "test")
        #expect(root["runs"] as? Int == 1)
        #expect(root["agrees"] as? Bool == true)
        let recipe = try #require((root["recipes"] as? [[String: Any]])?.first)
        #expect(recipe["id"] as? String == "serial-queue")
        #expect((recipe["chapter"] as? [String: Any])?["number"] as? Int == 1)
        #expect(recipe["sources"] is [String])
        let scenario = try #require((recipe["scenarios"] as? [[String: Any]])?.first)
        #expect(scenario["name"] as? String == "main")
        #expect(scenario["agrees"] as? Bool == true)
        #expect(scenario["problems"] as? [String] == [])
        #expect((scenario["rules"] as? [[String: Any]])?.first?["name"] as? String == "exact")
        #expect(scenario["modernToLegacyRatio"] is Double)
        for side in ["legacy", "modern"] {
            let report = try #require(scenario[side] as? [String: Any])
            #expect((report["lines"] as? [String])?.count == 15)
            #expect(report["values"] is [String: String])
            let measurement = try #require(report["measurement"] as? [String: Any])
            for key in ["wallMinSeconds", "wallMedianSeconds", "cpuMedianSeconds", "runs", "batchSize"] {
                #expect(measurement[key] != nil, "measurement has no \(key)")
            }
            #expect(try #require(measurement["batchSize"] as? Int) >= 1)
            if let peak = measurement["peakRSSBytes"] {
                #expect(try #require(peak as? Int) > 0, "peakRSSBytes is present but not a positive size")
            }
        }
    }

    @Test func listAsJSONNamesEveryRecipe() async throws {
        let run = try await compare("--list", "--json")
        #expect(run.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["id"] as? String } == Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))
        #expect(list.compactMap { $0["kind"] as? String }.filter { $0 == "note" }.count == Catalog.notes.count)
    }
}
