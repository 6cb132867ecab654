/// How big and how long each part of a run is: the full run, `--quick`, or the tests' `--tiny`.
///
/// The full run is what `Benchmarks/results.json` holds (a few minutes at most on two cores);
/// `--quick` keeps the same shape at smaller sizes (under half a minute); `--tiny` exists so the
/// tests can run the whole bench, child processes included, in a few seconds.
public struct BenchScale: Sendable, Equatable {
    /// A name for messages: "full", "quick" or "tiny".
    public var name: String
    var batch: BatchPlan
    /// How many 1 ms delays to time for the overshoot row.
    var delaySamples: Int
    var fanOutSizes: [Int]
    /// How long each fan-out child repeats its size, to time small sizes well.
    var fanOutTargetNanos: UInt64
    /// A fan-out point predicted to take more resident memory than this is skipped.
    var fanOutMemoryCapBytes: Int
    /// A fan-out point predicted to take longer than this is skipped.
    var fanOutTimeCapSeconds: Double
    var imageSide: Int
    var minMaxCount: Int
    /// How many times each CPU-bound variant runs; the fastest run counts.
    var speedupRuns: Int
    var blockingJobs: Int
    var blockMicroseconds: UInt32

    /// The run the results file is made from.
    public static let full = BenchScale(
        name: "full", batch: BatchPlan(targetNanos: 10_000_000, batches: 21), delaySamples: 100,
        fanOutSizes: [10, 100, 1_000, 10_000, 100_000, 1_000_000], fanOutTargetNanos: 200_000_000,
        fanOutMemoryCapBytes: 6 << 30, fanOutTimeCapSeconds: 60, imageSide: 2048,
        minMaxCount: 10_000_000, speedupRuns: 7, blockingJobs: 64, blockMicroseconds: 50_000)

    /// The same parts at smaller sizes and fewer batches.
    public static let quick = BenchScale(
        name: "quick", batch: BatchPlan(targetNanos: 2_000_000, batches: 5), delaySamples: 15,
        fanOutSizes: [10, 100, 1_000, 10_000, 100_000], fanOutTargetNanos: 20_000_000,
        fanOutMemoryCapBytes: 1 << 30, fanOutTimeCapSeconds: 5, imageSide: 1024,
        minMaxCount: 10_000_000, speedupRuns: 2, blockingJobs: 64, blockMicroseconds: 20_000)

    /// Just enough of every part to check the output's shape.
    public static let tiny = BenchScale(
        name: "tiny", batch: BatchPlan(targetNanos: 200_000, batches: 2, maxIterations: 20_000),
        delaySamples: 2, fanOutSizes: [10, 100, 1_000], fanOutTargetNanos: 1_000_000,
        fanOutMemoryCapBytes: 1 << 30, fanOutTimeCapSeconds: 2, imageSide: 64, minMaxCount: 10_000,
        speedupRuns: 1, blockingJobs: 8, blockMicroseconds: 2_000)
}
