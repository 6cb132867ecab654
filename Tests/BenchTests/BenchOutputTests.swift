@testable import BenchKit
import Foundation
import Testing

/// The whole bench at tiny sizes, through the built executable: its JSON follows the schema the
/// guide reads, and so does the committed sample.
@Suite struct BenchOutputTests {
    @Test func tinyJSONRunFollowsTheSchema() async throws {
        let run = try await BenchRun.tinyJSON.value
        #expect(run.status == 0, "\(run.err)")
        let results = try SchemaCheck.check(Data(run.out.utf8))
        #expect(results.machine.quick)
        #expect(results.fanOut.series.count == 4)
        #expect(results.speedup.workloads.count == 2)
        #expect(results.primitives.count == PrimitiveBenchmarks.rows.count)
    }

    @Test func progressGoesToStandardErrorAsPlainLines() async throws {
        let run = try await BenchRun.tinyJSON.value
        #expect(run.err.contains("bench: [1/"))
        #expect(!run.err.contains("\r"), "no bar redrawn in place when stderr is not a terminal")
        #expect(run.out.hasPrefix("{"), "stdout holds the JSON only")
    }

    @Test func everyFanOutPointRanInAProcessOfItsOwn() async throws {
        let results = try SchemaCheck.check(Data(try await BenchRun.tinyJSON.value.out.utf8))
        // A child's peak memory is its own: the smallest point of a series is well under the
        // memory a single process would have reached by the end of the run.
        for series in results.fanOut.series {
            let first = try #require(series.points.first)
            #expect(first.peakRSSBytes < 1 << 30)
        }
    }

    @Test func committedSampleFollowsTheSchema() throws {
        let url = BenchCommand.packageRoot.appendingPathComponent("Benchmarks/sample-quick.json")
        let results = try SchemaCheck.check(try Data(contentsOf: url))
        #expect(results.machine.quick)
        #expect(results.machine.configuration == "release")
    }

    @Test func writeWritesTheResultsFileWhereAsked() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-test-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("results.json")
        let run = try await BenchRun.run("--tiny", "--output", file.path)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("Primitives"), "the tables still go to stdout")
        let results = try SchemaCheck.check(try Data(contentsOf: file))
        if results.machine.configuration == "debug" {
            #expect(run.err.contains("debug build"), "a debug build's timings are written with a warning")
        }
    }
}
