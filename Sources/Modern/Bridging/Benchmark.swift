/// Timing a piece of work with `ContinuousClock.measure`: the same warm-up
/// and minimum, with a `Duration` instead of a count of nanoseconds.
///
/// `ContinuousClock().measure { … }` returns how long its closure took, as a
/// `Duration`: the unit is in the type, and durations add, compare and print
/// (`.formatted()`, or `components`) without conversions. The continuous clock
/// keeps counting while the machine sleeps; `SuspendingClock` doesn't, like
/// `uptimeNanoseconds`, which makes no difference for a benchmark. For async
/// work, `measure` has an `async` form that awaits the closure.
public nonisolated enum Benchmark {
    /// The last run's result and the fastest run.
    public static func measure<Result>(
        repetitions: Int,
        _ work: () -> Result
    ) -> (result: Result, fastest: Duration) {
        let clock = ContinuousClock()
        precondition(repetitions > 0, "time at least one run")
        var result = work()  // warm-up, not timed
        var fastest: Duration?
        for _ in 0..<repetitions {
            let elapsed = clock.measure { result = work() }
            fastest = min(fastest ?? elapsed, elapsed)
        }
        return (result, fastest!)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension Benchmark {
    /// The work: how many primes are below `limit`, by trial division.
    public static func primeCount(below limit: Int) -> Int {
        var count = 0
        for candidate in 2..<max(limit, 2) {
            var divisor = 2
            var isPrime = true
            while divisor * divisor <= candidate {
                if candidate % divisor == 0 {
                    isPrime = false
                    break
                }
                divisor += 1
            }
            if isPrime { count += 1 }
        }
        return count
    }
}
