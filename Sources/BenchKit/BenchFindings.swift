import Foundation

/// The sentences a reader takes away from a results file, for the guide's performance page.
///
/// `bench` prints them under its tables; the guide shows the same sentences, computed by the same
/// code from the committed `Benchmarks/results.json`, so the two never say different things.
public enum BenchFindings {
    public static func sentences(fromResultsJSON data: Data) throws -> [String] {
        TerminalReport.findings(try JSONDecoder().decode(BenchResults.self, from: data))
    }
}
