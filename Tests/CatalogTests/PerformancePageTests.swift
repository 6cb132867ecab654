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

    @Test func everyPrimitiveHasAnAnchoredRowAndAFinding() {
        let markdown = page.markdown
        for primitive in Self.results.primitives {
            #expect(markdown.contains("<a id=\"bench-\(primitive.id)\"></a>"))
        }
        #expect(markdown.contains("[`serial-queue`](01-queues-and-hopping/serial-queue.md)"))
        #expect(
            page.findings.contains {
                $0.contains("`await actor.method()` costs about 2.00× as much as `queue.sync {}`")
            })
        #expect(page.findings.contains { $0.contains("`Mutex` is about 2.00× faster than `NSLock`") })
        #expect(markdown.contains("one child per job: stopped at 1000: skipped."))
        #expect(markdown.contains("2 cores"))
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
        #expect(recipePage.contains("## What its primitives cost"))
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
        #expect(page.findings.count >= results.primitives.count)
        #expect(page.markdown.contains(takeaways[0]))
        for (path, svg) in page.charts {
            #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(path) is not well-formed XML")
        }
    }

    @Test func unitsReadAsAPersonWritesThem() {
        #expect(PerformancePage.nanoseconds(1.25) == "1.2 ns" || PerformancePage.nanoseconds(1.25) == "1.3 ns")
        #expect(PerformancePage.nanoseconds(51) == "51 ns")
        #expect(PerformancePage.nanoseconds(80_000) == "80 µs")
        #expect(PerformancePage.bytes(2.7e9) == "2.7 GB")
        #expect(PerformancePage.bytes(1e9) == "1 GB")
        #expect(PerformancePage.bytes(9e6) == "9 MB")
    }
}
