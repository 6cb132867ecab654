import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct BenchmarkTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func bothReturnTheWorkResultAndAPositiveTime(_ side: Side) {
        switch side {
        case .legacy:
            let (result, fastest) = Legacy.Benchmark.measure(repetitions: 3) {
                Legacy.Benchmark.primeCount(below: 1_000)
            }
            #expect(result == 168 && fastest > 0)
        case .modern:
            let (result, fastest) = Modern.Benchmark.measure(repetitions: 3) {
                Modern.Benchmark.primeCount(below: 1_000)
            }
            #expect(result == 168 && fastest > .zero)
        }
    }

    @Test(arguments: Side.allCases)
    func theWarmUpRunIsNotTimed(_ side: Side) {
        let calls = Locked(0)
        let work = {
            calls.withLock {
                $0 += 1; return $0
            }
        }
        let last: Int
        switch side {
        case .legacy: last = Legacy.Benchmark.measure(repetitions: 5, work).result
        case .modern: last = Modern.Benchmark.measure(repetitions: 5, work).result
        }
        // One untimed warm-up plus five timed runs; the result is the last run's.
        #expect(calls.withLock { $0 } == 6 && last == 6)
    }

    /// Work that takes at least 200 µs: a busy wait on the clock, not a sleep.
    static func spin() -> Int {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .microseconds(200))
        var spins = 0
        while clock.now < end { spins += 1 }
        return spins
    }

    @Test func theLegacyNumberIsNanosecondsAndTheModernOneIsADuration() {
        let legacy = Legacy.Benchmark.measure(repetitions: 2, Self.spin).fastestNanoseconds
        let modern = Modern.Benchmark.measure(repetitions: 2, Self.spin).fastest
        #expect(legacy >= 200_000)
        #expect(modern >= .microseconds(200))
    }

    @Test func theWorkIsTheSameOnBothSides() {
        for limit in [0, 2, 3, 100, 7_919, 7_920] {
            #expect(Legacy.Benchmark.primeCount(below: limit) == Modern.Benchmark.primeCount(below: limit))
        }
        #expect(Legacy.Benchmark.primeCount(below: 100) == 25)
    }
}
