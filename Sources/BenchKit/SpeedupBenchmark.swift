import Foundation
import Legacy
import Modern
import RecipeKit

/// CPU-bound work, sequential and in parallel: the blur and the min/max search of the catalog.
///
/// The parallel versions are the recipes' own functions (`ParallelLoop.rowChecksums`,
/// `MinMaxSearch`), so the speedup is the one a reader gets from copying them. Every parallel
/// result is checked against the sequential one: a fast wrong answer stops the bench.
enum SpeedupBenchmark {
    /// Both workloads at `scale`'s sizes.
    static func run(_ scale: BenchScale, progress: @Sendable (String) -> Void) async -> BenchResults.Speedup {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let blur = await blurWorkload(scale)
        progress("speedup: blur")
        let minMax = await minMaxWorkload(scale)
        progress("speedup: min/max")
        return BenchResults.Speedup(cores: cores, workloads: [blur, minMax])
    }

    /// Deterministic pseudo-random bytes (SplitMix64).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: 12)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    /// The fastest of `runs` runs of `body`, in seconds.
    static func fastest<T>(_ runs: Int, _ body: () async -> T, check: (T) -> Void) async -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = Monotonic.now()
            let result = await body()
            best = min(best, Double(Monotonic.since(start)) / 1e9)
            check(result)
        }
        return best
    }

    static func blurWorkload(_ scale: BenchScale) async -> BenchResults.Workload {
        let side = scale.imageSide
        let pixels = randomBytes(side * side)
        let expected = Legacy.ParallelLoop.sequentialRowChecksums(pixels: pixels, width: side)
        let same: ([UInt64]) -> Void = { precondition($0 == expected, "a parallel blur disagreed") }
        let sequential = await fastest(
            scale.speedupRuns,
            {
                await onOwnThread(name: "bench-sequential") {
                    Legacy.ParallelLoop.sequentialRowChecksums(pixels: pixels, width: side)
                }
            }, check: same)
        let legacy = await fastest(
            scale.speedupRuns,
            {
                await withCheckedContinuation { continuation in
                    Legacy.ParallelLoop.rowChecksums(pixels: pixels, width: side) { continuation.resume(returning: $0) }
                }
            }, check: same)
        let modern = await fastest(
            scale.speedupRuns,
            {
                await Modern.ParallelLoop.rowChecksums(pixels: pixels, width: side)
            }, check: same)
        let perRow = await fastest(
            scale.speedupRuns,
            {
                await Modern.ParallelLoop.rowChecksumsOneChildPerRow(pixels: pixels, width: side)
            }, check: same)
        return workload(
            id: "blur-\(side)", name: "5×5 blur, \(side)×\(side)", sequential: sequential,
            variants: [
                ("concurrentPerform, one iteration per row", .legacy, legacy),
                ("task group, one child per core", .modern, modern),
                ("task group, one child per row", .modern, perRow),
            ])
    }

    static func minMaxWorkload(_ scale: BenchScale) async -> BenchResults.Workload {
        var generator = SplitMix64(seed: 34)
        let numbers = (0..<scale.minMaxCount).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
        let expected = sequentialMinMax(numbers)
        let same: ((min: UInt32, max: UInt32)) -> Void = {
            precondition($0 == expected, "a parallel min/max disagreed")
        }
        let sequential = await fastest(
            scale.speedupRuns,
            {
                await onOwnThread(name: "bench-sequential") { sequentialMinMax(numbers) }
            }, check: same)
        let posix = await fastest(
            scale.speedupRuns,
            {
                await onOwnThread(name: "bench-legacy") { Legacy.MinMaxSearch.withPOSIXThreads(numbers) }
            }, check: same)
        let threads = await fastest(
            scale.speedupRuns,
            {
                await onOwnThread(name: "bench-legacy") { Legacy.MinMaxSearch.withThreadSubclass(numbers) }
            }, check: same)
        let modern = await fastest(
            scale.speedupRuns,
            {
                await Modern.MinMaxSearch.minMax(of: numbers)
            }, check: same)
        let millions =
            scale.minMaxCount >= 1_000_000 ? "\(scale.minMaxCount / 1_000_000)M" : Format.count(scale.minMaxCount)
        return workload(
            id: "min-max-\(millions.lowercased().replacingOccurrences(of: ",", with: ""))",
            name: "min and max of \(millions) numbers", sequential: sequential,
            variants: [
                ("4 POSIX threads (pthread_create, pthread_join)", .legacy, posix),
                ("4 Thread subclasses and a DispatchGroup", .legacy, threads),
                ("task group, 4 children", .modern, modern),
            ])
    }

    /// The plain loop the parallel versions split up (the same loop as `MinMaxSearch.scan`).
    static func sequentialMinMax(_ numbers: [UInt32]) -> (min: UInt32, max: UInt32) {
        var result = (min: UInt32.max, max: UInt32.min)
        for value in numbers {
            result.min = min(result.min, value)
            result.max = max(result.max, value)
        }
        return result
    }

    private static func workload(
        id: String, name: String, sequential: Double, variants: [(String, BenchResults.Side, Double)]
    ) -> BenchResults.Workload {
        BenchResults.Workload(
            id: id, name: name, sequentialSeconds: roundedSeconds(sequential),
            variants: variants.map { name, side, seconds in
                BenchResults.Variant(
                    name: name, side: side, seconds: roundedSeconds(seconds),
                    speedup: (sequential / seconds * 100).rounded() / 100)
            })
    }

    /// Seconds to the microsecond (never zero).
    static func roundedSeconds(_ seconds: Double) -> Double {
        max(1e-6, (seconds * 1e6).rounded() / 1e6)
    }
}
