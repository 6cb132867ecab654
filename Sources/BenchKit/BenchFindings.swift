/// The sentences a reader takes away from a set of results, for the guide's performance page.
///
/// `bench` prints them under its tables; the guide shows the same sentences, computed by the same
/// code from the committed `Benchmarks/results.json`, so the two never say different things.
public enum BenchFindings {
    public static func sentences(from results: BenchResults) -> [String] {
        TerminalReport.findings(results)
    }
}
