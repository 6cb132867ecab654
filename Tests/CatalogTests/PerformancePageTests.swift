import BenchKit
import Catalog
import Foundation
import FoundationXML
import RecipeKit
import Testing

@testable import GuideKit

/// `Guide/performance.md` renders committed `bench` results: tables, charts that are valid SVG,
/// findings in words, anchors the recipe pages link to.
@Suite struct PerformancePageTests {
    /// A small, made-up result set in the committed file's format (not a measurement).
    static let json = """
        {"schemaVersion": 1,
         "machine": {"cores": 2, "memoryBytes": 24000000000, "os": "Linux", "toolchain": "Swift 6.3.1",
                     "configuration": "release", "date": "2026-11-24T12:00:00Z", "quick": true, "seconds": 20},
         "primitives": [
           {"id": "sync-vs-actor", "title": "A call that waits for its result",
            "legacy": {"name": "queue.sync {}", "minNs": 40, "medianNs": 50},
            "modern": {"name": "await actor.method()", "minNs": 90, "medianNs": 100}, "recipes": ["serial-queue"]},
           {"id": "lock-uncontended", "title": "Lock, uncontended",
            "legacy": {"name": "NSLock", "minNs": 18, "medianNs": 20},
            "modern": {"name": "Mutex", "minNs": 9, "medianNs": 10}, "recipes": []}],
         "fanOut": {"sizes": [10, 1000], "series": [
           {"id": "concurrent-perform", "name": "concurrentPerform", "side": "legacy", "stoppedAt": null,
            "points": [{"n": 10, "nsPerJob": 2000, "peakRSSBytes": 9000000}, {"n": 1000, "nsPerJob": 40, "peakRSSBytes": 9000000}]},
           {"id": "task-group-per-job", "name": "one child per job", "side": "modern", "stoppedAt": "1000: skipped",
            "points": [{"n": 10, "nsPerJob": 4000, "peakRSSBytes": 9000000}]}]},
         "speedup": {"cores": 2, "workloads": [{"id": "blur", "name": "blur", "sequentialSeconds": 1,
           "variants": [{"name": "concurrentPerform", "side": "legacy", "seconds": 0.55, "speedup": 1.8}]}]},
         "blocking": {"jobs": 64, "blockSeconds": 0.05, "rows": [
           {"id": "gcd-sleep", "name": "64 GCD blocks that sleep", "side": "legacy", "seconds": 0.4, "peakThreads": 66}]}}
        """

    static let results = try! JSONDecoder().decode(BenchResults.self, from: Data(json.utf8))

    var page: PerformancePage {
        PerformancePage(results: Self.results, pages: ["serial-queue": "01-queues-and-hopping/serial-queue.md"])
    }

    @Test func everyPrimitiveHasAnAnchoredRowWithItsRatioOneWayRound() {
        let markdown = page.markdown
        for primitive in Self.results.primitives {
            #expect(markdown.contains("<a id=\"bench-\(primitive.id)\"></a>"))
        }
        #expect(markdown.contains("[`serial-queue`](01-queues-and-hopping/serial-queue.md)"))
        // Modern ÷ legacy everywhere: the actor row is 100 ÷ 50, the lock row 10 ÷ 20.
        #expect(markdown.contains("`await actor.method()`: 100 ns (90 ns) | 2.00× |"))
        #expect(markdown.contains("`Mutex`: 10 ns (9.0 ns) | 0.50× |"))
        #expect(markdown.contains("below 1× the modern side is faster"))
        #expect(!markdown.contains("× faster") && !markdown.contains("× as much"), "a ratio the other way round")
        #expect(markdown.contains("one child per job: stopped at 1000: skipped."))
        #expect(markdown.contains("2 cores"))
    }

    @Test func benchFindingsStateRatiosModernOverLegacyAndRepeatNoTableFigure() {
        let findings = BenchFindings.sentences(from: Self.results)
        #expect(findings.contains("An actor call from outside takes 2.00× the time of a queue.sync: both are cheap next to real work."))
        #expect(findings.contains("An uncontended Mutex takes 0.50× the time of an NSLock."))
        for figure in ["100 ns", "50 ns", "20 ns", "10 ns"] {
            #expect(!findings.joined().contains(figure), "a table's figure in the findings: \(figure)")
        }
    }

    @Test func everyChartIsWellFormedSVGAndLinkedFromThePage() throws {
        let charts = page.charts
        #expect(
            Set(charts.keys) == [
                "performance/primitives.svg", "performance/fan-out-time.svg", "performance/fan-out-memory.svg",
                "performance/speedup.svg", "performance/blocking.svg",
            ])
        for (path, svg) in charts {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(path) is not well-formed XML")
            #expect(page.markdown.contains("(\(path))"), "the page does not show \(path)")
            #expect(
                svg.range(of: #"(nan|inf)(?![a-z])"#, options: .regularExpression) == nil,
                "\(path) has a coordinate that is not finite")
        }
    }

    @Test func aRecipePageLinksToTheRowsOfItsPrimitives() async throws {
        let recipe = try #require(Catalog.recipe("serial-queue"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = directory.appendingPathComponent("results.json")
        try JSONEncoder().encode(Self.results).write(to: results)
        let files = try await GuideGenerator.files(recipes: [recipe], benchmarks: results)
        let recipePage = try #require(files["01-queues-and-hopping/serial-queue.md"])
        #expect(recipePage.contains("## What it costs"))
        #expect(recipePage.contains("(../performance.md#bench-sync-vs-actor)"))
        #expect(files["performance.md"] != nil)
        #expect(files["README.md"]?.contains("(performance.md)") == true)
        let without = try await GuideGenerator.files(recipes: [recipe], benchmarks: nil)
        #expect(without["performance.md"] == nil)
    }

    /// The sample that `bench --quick --json` wrote decodes, and bench's findings and the page
    /// render from it.
    @Test func theSampleThatBenchWroteDecodesAndRenders() throws {
        let sample = GuideGenerator.packageRoot.appendingPathComponent("Benchmarks/sample-quick.json")
        let results = try JSONDecoder().decode(BenchResults.self, from: Data(contentsOf: sample))
        #expect(!results.primitives.isEmpty && !results.fanOut.series.isEmpty)
        let takeaways = BenchFindings.sentences(from: results)
        #expect(!takeaways.isEmpty)
        let page = PerformancePage(results: results, takeaways: takeaways, pages: [:])
        #expect(page.markdown.contains(takeaways[0]))
        for (path, svg) in page.charts {
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(path) is not well-formed XML")
        }
    }

    @Test func unitsReadAsAPersonWritesThem() {
        #expect(Format.nanoseconds(4.94) == "4.9 ns")
        #expect(Format.nanoseconds(51) == "51 ns")
        #expect(Format.nanoseconds(44_060) == "44 µs")
        #expect(Format.nanoseconds(1_330) == "1.3 µs")
        #expect(Format.seconds(1.404) == "1.40 s")
        #expect(Format.seconds(12.4) == "12 s")
        #expect(Format.bytes(2.7e9) == "2.7 GB")
        #expect(Format.bytes(1e9) == "1 GB")
        #expect(Format.bytes(9e6) == "9 MB")
        #expect(Format.ratio(0.514) == "0.51×")
        #expect(Format.ratio(94.2) == "94×")
        #expect(Format.shortCount(1_000_000) == "1M")
        #expect(Format.count(1_000_000) == "1,000,000")
    }
}
