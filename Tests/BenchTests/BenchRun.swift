import Foundation
import RecipeKit

/// One run of the built `bench` executable: its exit status and what it printed.
struct BenchRun: Sendable {
    let status: Int32
    let out: String
    let err: String

    /// The built `bench`, next to the test runner.
    static var executable: URL { CommandRun.builtExecutable(named: "bench") }

    /// One `bench --tiny --json` run, shared by the tests that read its output.
    static let tinyJSON = Task { try await BenchRun.run("--tiny", "--json") }

    /// Runs `bench` with these arguments.
    static func run(_ arguments: String...) async throws -> BenchRun {
        let run = try await CommandRun.run(executable, arguments, threadName: "bench-cli-test")
        return BenchRun(status: run.status, out: run.out, err: run.err)
    }
}
