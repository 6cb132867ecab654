import Dispatch

/// Timing a piece of work without `dispatch_benchmark`: N timed runs with
/// `DispatchTime`, after a warm-up, keeping the fastest.
///
/// `dispatch_benchmark(count, block)` is a private libdispatch call, in no
/// public header, that returns the mean nanoseconds per run; callers declared
/// it by hand (on Linux it links but returns a wrapped-around number). The
/// pattern without it: run the work once untimed
/// (caches, lazy initialisation and page faults settle), then time each of N
/// runs with `DispatchTime.now().uptimeNanoseconds` and keep the minimum, the
/// run least disturbed by everything else on the machine. The work's result is
/// returned, so that the optimizer cannot drop the work as unused.
public enum Benchmark {
    /// The last run's result and the fastest run, in nanoseconds.
    public static func measure<Result>(
        repetitions: Int,
        _ work: () -> Result
    ) -> (result: Result, fastestNanoseconds: UInt64) {
        precondition(repetitions > 0, "time at least one run")
        var result = work()  // warm-up, not timed
        var fastest = UInt64.max
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            result = work()
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            fastest = min(fastest, elapsed)
        }
        return (result, fastest)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension Benchmark {
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
