import Foundation
import RecipeKit

/// The file sizes and the throughput value the two I/O recipes share.
enum IOScenario {
    /// A few hundred KB for the suite (and the guide, which runs at the test pace); several MB
    /// for `compare`.
    static func fileSize(_ pace: Pace) -> Int {
        pace == .test ? 300 * 1024 : 8 * 1024 * 1024
    }

    /// Records the read's throughput, except at the test pace: the guide shows the values a run
    /// records, and a page must not change from run to run.
    static func recordThroughput(_ context: RunContext, bytes: Int, elapsed: Duration) {
        guard context.pace != .test else { return }
        let seconds = elapsed / .seconds(1)
        context.record("MB/s", String(format: "%.0f", Double(bytes) / 1_048_576 / seconds))
    }
}
