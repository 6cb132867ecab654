/// Timings and peak memory of one side of one scenario over the timed runs.
///
/// A side that runs in under 5 ms is timed in batches (see `Batching`): each timed run is
/// then one batch, and the times here are per run of the side (batch time ÷ `batchSize`), so that
/// they read the same whether or not the side was batched.
public struct Measurement: Sendable, Equatable, Codable {
    /// The fastest wall time of one run, in seconds.
    public var wallMinSeconds: Double
    /// The median wall time of one run, in seconds.
    public var wallMedianSeconds: Double
    /// The median CPU time of one run (user + system, whole process), in seconds.
    public var cpuMedianSeconds: Double
    /// The most threads the process had while the side ran (nil where it can't be read).
    public var peakThreads: Int?
    /// The highest resident set size of the whole process while the side ran, in bytes: the most
    /// over the timed runs (nil where it can't be read or reset before each run).
    public var peakRSSBytes: Int?
    /// How many timed runs these numbers summarise.
    public var runs: Int
    /// How many back-to-back runs of the side make one timed run (1 when the side is not batched).
    public var batchSize: Int

    /// What one timed run (one batch) cost, as measured around the whole batch.
    struct Sample: Sendable, Equatable {
        var wall: Duration
        var cpu: Duration
        var threads: Int?
        var peakRSSBytes: Int?
    }

    init(_ samples: [Sample], batchSize: Int) {
        let size = max(1, batchSize)
        let wall = samples.map { $0.wall / size }
        wallMinSeconds = wall.min()?.seconds ?? 0
        wallMedianSeconds = Self.median(wall).seconds
        cpuMedianSeconds = Self.median(samples.map { $0.cpu / size }).seconds
        peakThreads = samples.compactMap(\.threads).max()
        let peaks = samples.compactMap(\.peakRSSBytes)
        peakRSSBytes = peaks.count == samples.count ? peaks.max() : nil
        runs = samples.count
        self.batchSize = size
    }

    static func median(_ values: [Duration]) -> Duration {
        guard !values.isEmpty else { return .zero }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
