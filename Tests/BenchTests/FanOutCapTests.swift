import Testing

@testable import BenchKit

/// The fan-out cap: a point predicted to need too much memory or time is skipped, and says why.
@Suite struct FanOutCapTests {
    func point(_ n: Int, megabytes: Int, nsPerJob: Double = 100) -> BenchResults.Point {
        BenchResults.Point(n: n, nsPerJob: nsPerJob, peakRSSBytes: megabytes << 20)
    }

    @Test func memoryGrowingWithTheJobsIsProjectedToTheNextSize() {
        // 10 → 100,000 jobs added about 270 MB: a million would need about 2.7 GB.
        let points = [point(10, megabytes: 20), point(100_000, megabytes: 290)]
        #expect(FanOutBenchmark.skipReason(n: 1_000_000, after: points, scale: .full) == nil)
        let reason = FanOutBenchmark.skipReason(n: 1_000_000, after: points, scale: .quick)
        #expect(reason?.contains("above the 1.1 GB cap") == true, "\(reason ?? "nil")")
    }

    @Test func flatMemoryNeverHitsTheCap() {
        let points = [point(10, megabytes: 20), point(100_000, megabytes: 21)]
        #expect(FanOutBenchmark.skipReason(n: 1_000_000, after: points, scale: .full) == nil)
    }

    @Test func aPointPredictedToTakeTooLongIsSkipped() {
        let points = [point(10, megabytes: 20, nsPerJob: 100_000)]
        let reason = FanOutBenchmark.skipReason(n: 1_000_000, after: points, scale: .full)
        #expect(reason?.contains("cap") == true)
    }

    @Test func theFirstPointAlwaysRuns() {
        #expect(FanOutBenchmark.skipReason(n: 10, after: [], scale: .tiny) == nil)
    }

}
