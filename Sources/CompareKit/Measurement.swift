/// Timings of one side of one scenario over the timed runs.
public struct Measurement: Sendable, Equatable, Codable {
    /// The fastest wall time, in seconds.
    public var wallMinSeconds: Double
    /// The median wall time, in seconds.
    public var wallMedianSeconds: Double
    /// The median CPU time (user + system, whole process), in seconds.
    public var cpuMedianSeconds: Double
    /// The most threads the process had while the side ran (nil where it can't be read).
    public var peakThreads: Int?
    /// How many timed runs these numbers summarise.
    public var runs: Int

    init(wall: [Duration], cpu: [Duration], peakThreads: Int?) {
        wallMinSeconds = wall.min()?.seconds ?? 0
        wallMedianSeconds = Self.median(wall).seconds
        cpuMedianSeconds = Self.median(cpu).seconds
        self.peakThreads = peakThreads
        runs = wall.count
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
