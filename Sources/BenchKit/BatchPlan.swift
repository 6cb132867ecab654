/// How long a timed batch should last and how many to take, with the batch size found by doubling.
///
/// A single operation of a few nanoseconds cannot be timed, so the operation runs `k` times in a
/// batch, `k` growing until one batch lasts at least `targetNanos` (the faster of two tries at each
/// size, so one stall, such as the pool starting a thread, does not stop the growth early). Then `batches` batches are
/// timed; the minimum is the cost with the least interference, the median the typical cost.
struct BatchPlan: Sendable, Equatable {
    /// The shortest batch worth timing.
    var targetNanos: UInt64
    /// How many batches to time after the size is found.
    var batches: Int
    /// The largest batch, so a slow operation stays bounded.
    var maxIterations = 10_000_000

    /// The minimum and median nanoseconds per operation. `body(k)` runs about `k` operations and
    /// returns how many it ran. The growth starts at `minimum` operations: a batch that starts
    /// threads or tasks needs enough operations to hide that, even when one scheduling delay makes
    /// a small batch look long enough.
    func measureSync(from minimum: Int = 1, _ body: (Int) -> Int) -> (minNs: Double, medianNs: Double) {
        var size = calibrate(from: minimum) { size in
            let start = Monotonic.now()
            let count = body(size)
            return (Monotonic.since(start), count)
        }
        size = max(size, 1)
        var perOperation: [Double] = []
        for _ in 0..<batches {
            let start = Monotonic.now()
            let count = body(size)
            perOperation.append(Double(Monotonic.since(start)) / Double(max(count, 1)))
        }
        return Self.summary(perOperation)
    }

    /// The same for an operation that suspends.
    func measure(from minimum: Int = 1, _ body: (Int) async -> Int) async -> (minNs: Double, medianNs: Double) {
        var size = max(1, min(minimum, maxIterations))
        while true {
            var elapsed = UInt64.max
            for _ in 0..<2 {
                let start = Monotonic.now()
                _ = await body(size)
                elapsed = min(elapsed, Monotonic.since(start))
            }
            guard let next = nextSize(after: size, elapsed: elapsed) else { break }
            size = next
        }
        var perOperation: [Double] = []
        for _ in 0..<batches {
            let start = Monotonic.now()
            let count = await body(size)
            perOperation.append(Double(Monotonic.since(start)) / Double(max(count, 1)))
        }
        return Self.summary(perOperation)
    }

    private func calibrate(from minimum: Int, _ timed: (Int) -> (elapsed: UInt64, count: Int)) -> Int {
        var size = max(1, min(minimum, maxIterations))
        while true {
            let elapsed = min(timed(size).elapsed, timed(size).elapsed)
            guard let next = nextSize(after: size, elapsed: elapsed) else { return size }
            size = next
        }
    }

    /// The next batch size to try, or nil when `size` already lasts long enough.
    private func nextSize(after size: Int, elapsed: UInt64) -> Int? {
        if elapsed >= targetNanos || size >= maxIterations { return nil }
        let scaled = Double(size) * Double(targetNanos) / Double(elapsed) * 1.2
        return min(maxIterations, max(size * 2, Int(min(scaled, Double(size) * 100))))
    }

    /// The minimum and median of some samples (the median of an even count is the mean of the two
    /// middle ones).
    static func summary(_ samples: [Double]) -> (minNs: Double, medianNs: Double) {
        let sorted = samples.sorted()
        guard let first = sorted.first else { return (0, 0) }
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return (first, median)
    }
}
