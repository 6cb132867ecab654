import BenchKit
import Foundation
import Testing

/// `bench`'s command line: help, usage errors, and the options it understands.
@Suite struct BenchCLITests {
    @Test func helpNamesTheOptions() async throws {
        let run = try await BenchRun.run("--help")
        #expect(run.status == 0)
        for word in ["--quick", "--json", "--write", "--output", "64"] { #expect(run.out.contains(word)) }
        #expect(!run.out.contains("--tiny"), "--tiny is for the tests")
    }

    @Test func unknownOptionExitsWith64AndSaysWhy() async throws {
        let run = try await BenchRun.run("--frobnicate")
        #expect(run.status == 64)
        #expect(run.err.contains("--frobnicate"))
        #expect(run.out.isEmpty)
    }

    @Test func outputWithoutAPathExitsWith64() async throws {
        let run = try await BenchRun.run("--output")
        #expect(run.status == 64)
        #expect(run.err.contains("--output"))
    }

    @Test func childArgumentsThatMakeNoSenseExitWith64() async throws {
        #expect(try await BenchRun.run("--fanout-point", "no-such-series", "10", "1000").status == 64)
        #expect(try await BenchRun.run("--blocking-row", "gcd-sleep", "0", "10").status == 64)
    }

    @Test func optionsParse() throws {
        let options = try BenchOptions.parse(["--quick", "--json", "--output", "out.json"])
        #expect(options.quick && options.json && options.write)
        #expect(options.output == "out.json")
        #expect(options.scale == .quick)
        #expect(try BenchOptions.parse([]).scale == .full)
        #expect(try BenchOptions.parse(["--tiny", "--quick"]).scale == .tiny)
        #expect(try BenchOptions.parse(["--output=x.json"]).output == "x.json")
        #expect(throws: BenchUsageError.self) { try BenchOptions.parse(["--output", "--json"]) }
        #expect(throws: BenchUsageError.self) { try BenchOptions.parse(["extra"]) }
    }
}
