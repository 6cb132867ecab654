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

    /// The fastest run of each version, in seconds. The versions take turns, run after run, so a
    /// burst of load from elsewhere slows all of them rather than one.
    static func fastestInTurns<T>(
        _ runs: Int, _ versions: [() async -> T], check: (T) -> Void
    ) async -> [Double] {
        var best = [Double](repeating: .infinity, count: versions.count)
        for _ in 0..<max(1, runs) {
            for (index, version) in versions.enumerated() {
                let start = Monotonic.now()
                let result = await version()
                best[index] = min(best[index], Double(Monotonic.since(start)) / 1e9)
                check(result)
            }
        }
        return best
    }

    static func blurWorkload(_ scale: BenchScale) async -> BenchResults.Workload {
        let side = scale.imageSide
        let pixels = randomBytes(side * side)
        let expected = Legacy.ParallelLoop.sequentialRowChecksums(pixels: pixels, width: side)
        let seconds = await fastestInTurns(
            scale.speedupRuns,
            [
                {
                    await onOwnThread(name: "bench-sequential") {
                        Legacy.ParallelLoop.sequentialRowChecksums(pixels: pixels, width: side)
                    }
                },
                {
                    await withCheckedContinuation { continuation in
                        Legacy.ParallelLoop.rowChecksums(pixels: pixels, width: side) {
                            continuation.resume(returning: $0)
                        }
                    }
                },
                {
                    // The row's label: one child per core, not the recipe's default of eight.
                    await Modern.ParallelLoop.rowChecksums(
                        pixels: pixels, width: side, chunks: Modern.ParallelLoop.coreCount)
                },
                { await Modern.ParallelLoop.rowChecksumsOneChildPerRow(pixels: pixels, width: side) },
            ],
            check: { precondition($0 == expected, "a parallel blur disagreed with the loop") })
        return workload(
            id: "blur-\(side)", name: "5×5 blur, \(side)×\(side)", sequential: seconds[0],
            variants: [
                ("concurrentPerform, one iteration per row", .legacy, seconds[1]),
                ("task group, one child per core", .modern, seconds[2]),
                ("task group, one child per row", .modern, seconds[3]),
            ])
    }

    static func minMaxWorkload(_ scale: BenchScale) async -> BenchResults.Workload {
        var generator = SplitMix64(seed: 34)
        let numbers = (0..<scale.minMaxCount).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
        let expected = sequentialMinMax(numbers)
        let seconds = await fastestInTurns(
            scale.speedupRuns,
            [
                { await onOwnThread(name: "bench-sequential") { sequentialMinMax(numbers) } },
                { await onOwnThread(name: "bench-legacy") { Legacy.MinMaxSearch.withPOSIXThreads(numbers) } },
                { await onOwnThread(name: "bench-legacy") { Legacy.MinMaxSearch.withThreadSubclass(numbers) } },
                { await Modern.MinMaxSearch.minMax(of: numbers) },
            ],
            check: { precondition($0 == expected, "a parallel min/max disagreed with the loop") })
        let count =
            scale.minMaxCount >= 1_000_000 ? "\(scale.minMaxCount / 1_000_000)M" : Format.count(scale.minMaxCount)
        return workload(
            id: "min-max-\(count.lowercased().replacingOccurrences(of: ",", with: ""))",
            name: "min and max of \(count) numbers", sequential: seconds[0],
            variants: [
                ("4 POSIX threads (pthread_create, pthread_join)", .legacy, seconds[1]),
                ("4 Thread subclasses and a DispatchGroup", .legacy, seconds[2]),
                ("task group, 4 children", .modern, seconds[3]),
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
                    speedup: max(0.01, (sequential / seconds * 100).rounded() / 100))
            })
    }

    /// Seconds to the microsecond (never zero).
    static func roundedSeconds(_ seconds: Double) -> Double {
        max(1e-6, (seconds * 1e6).rounded() / 1e6)
    }
}
