import Foundation

/// The fan-out section: each series at each size, every point in a child process of its own.
///
/// A process's peak resident memory only ever grows, so measuring every point in one process would
/// report the largest point's memory for all of them. The bench runs itself again with
/// `--fanout-point <series> <n> <target-ns>`; the child times the jobs, reads its own peak (`VmHWM`)
/// and prints both. Before a point runs, its memory and time are predicted from the smaller points
/// of the same series; a point over the cap is skipped, and `stoppedAt` says why.
enum FanOutBenchmark {
    /// The hidden argument that makes the bench a fan-out child.
    static let childFlag = "--fanout-point"

    /// Runs every series at every size of `scale`, calling `progress` after each point.
    static func run(_ scale: BenchScale, progress: @Sendable (String) -> Void) async -> BenchResults.FanOut {
        var allSeries: [BenchResults.Series] = []
        for series in FanOutSeries.allCases {
            var points: [BenchResults.Point] = []
            var stoppedAt: String?
            for n in scale.fanOutSizes {
                if stoppedAt != nil {
                    progress("fan-out \(series.rawValue) \(n): skipped")
                    continue
                }
                if let reason = skipReason(n: n, after: points, scale: scale) {
                    stoppedAt = "\(n): \(reason)"
                    progress("fan-out \(series.rawValue) \(n): skipped")
                    continue
                }
                switch await runChild(series: series, n: n, targetNanos: scale.fanOutTargetNanos) {
                case .success(let point):
                    points.append(point)
                case .failure(let failure):
                    stoppedAt = "\(n): \(failure.reason)"
                }
                progress("fan-out \(series.rawValue) \(n)")
            }
            allSeries.append(
                BenchResults.Series(
                    id: series.rawValue, name: series.name, side: series.side, points: points, stoppedAt: stoppedAt))
        }
        return BenchResults.FanOut(sizes: scale.fanOutSizes, series: allSeries)
    }

    /// Why the point at `n` should not run, predicted from the points before it (nil: run it).
    ///
    /// Memory above the smallest point's is taken to grow in proportion to `n`, and time per job to
    /// stay as it was at the largest point so far.
    static func skipReason(n: Int, after points: [BenchResults.Point], scale: BenchScale) -> String? {
        guard let first = points.first, let last = points.last else { return nil }
        let perJobBytes = Double(max(0, last.peakRSSBytes - first.peakRSSBytes)) / Double(max(1, last.n - first.n))
        let predictedBytes = Double(first.peakRSSBytes) + perJobBytes * Double(n - first.n)
        if predictedBytes > Double(scale.fanOutMemoryCapBytes) {
            return "skipped, predicted peak \(Format.bytes(Int(predictedBytes))) is above the "
                + "\(Format.bytes(scale.fanOutMemoryCapBytes)) cap"
        }
        let predictedSeconds = last.nsPerJob * Double(n) / 1e9
        if predictedSeconds > scale.fanOutTimeCapSeconds {
            return "skipped, predicted \(Format.seconds(predictedSeconds)) is above the "
                + "\(Format.seconds(scale.fanOutTimeCapSeconds)) cap"
        }
        return nil
    }

    /// Runs one point in a child process and reads its answer.
    static func runChild(
        series: FanOutSeries, n: Int, targetNanos: UInt64
    ) async -> Result<BenchResults.Point, BenchChild.Failure> {
        let answer = await BenchChild.run([childFlag, series.rawValue, String(n), String(targetNanos)])
        return answer.flatMap { words in
            guard words.count == 2, let nsPerJob = Double(words[0]), let peak = Int(words[1]) else {
                return .failure(BenchChild.Failure(reason: "the child's answer was not understood"))
            }
            let point = BenchResults.Point(n: n, nsPerJob: PrimitiveBenchmarks.rounded(nsPerJob), peakRSSBytes: peak)
            return .success(point)
        }
    }

    /// The child's side: runs `series` at `n` until `targetNanos` have passed (once at least, after a
    /// warm-up for sizes below 100,000), then prints nanoseconds per job and peak resident bytes.
    static func child(arguments: [String]) async -> Int32 {
        guard arguments.count == 3, let series = FanOutSeries(rawValue: arguments[0]), let n = Int(arguments[1]),
            n > 0, let targetNanos = UInt64(arguments[2])
        else {
            FileHandle.standardError.write(Data("usage: bench \(childFlag) <series> <n> <target-ns>\n".utf8))
            return 64
        }
        if n < 100_000 { _ = await series.run(n) }
        var runs = 0
        var checksum = 0
        let start = Monotonic.now()
        repeat {
            checksum &+= await series.run(n)
            runs += 1
        } while Monotonic.now() - start < targetNanos
        let elapsed = Monotonic.since(start)
        let nsPerJob = Double(elapsed) / Double(runs * n)
        let peak = ProcStatus.peakResidentBytes() ?? 0
        print("\(nsPerJob) \(max(peak, 1))")
        // The checksum keeps the jobs' results alive; it is the same for every run.
        if checksum == 1 { FileHandle.standardError.write(Data("\n".utf8)) }
        return 0
    }
}
