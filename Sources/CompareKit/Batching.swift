/// How many back-to-back runs of a side make one timed run.
///
/// Most scenarios run for tens to hundreds of microseconds, where one run's time is mostly the
/// clock, the scheduler and whatever else the machine is doing: the median of five such runs moved
/// by half between two releases. Timing a batch that lasts long enough (`target`) and dividing by
/// its size gives a per-run time that holds still. Sides that take `threshold` or longer run alone:
/// they are long enough to time. The threshold is 5 ms, not 1: sides near a millisecond (one child
/// task per iteration, say) otherwise ran batched in one `compare` and alone in the next, and their
/// ratios moved by 20–45% between two `--runs 15` runs; at 5 ms they moved by under 10%. A side
/// that sleeps a few milliseconds may be batched too; every run in a batch is a whole run.
struct Batching: Sendable, Equatable {
    /// A timed batch lasts at least this long.
    var target: Duration = .milliseconds(10)
    /// A side whose warm-up run takes at least this long is not batched.
    var threshold: Duration = .milliseconds(5)
    /// The most runs in one batch, so that a side that measures as no time at all still ends.
    var cap = 10_000

    /// The batch size for a side whose warm-up run took `warmUp`, found by timing trial batches
    /// with `time(size)` (which runs the side `size` times back to back and returns how long that took).
    ///
    /// The trials only need to last half the target: the size is scaled up from the last trial,
    /// with half as much again to spare (on a busy machine a warm side's runs still cost a third
    /// more or less from one batch to the next), so calibrating costs half a batch rather than the
    /// whole batch or two that plain doubling costs. Each trial is at least twice the last, and
    /// jumps straight to the size the last one predicts (with a quarter to spare) when that is larger.
    /// A first run is often slow (cold caches, lazy set-up), so a warm-up between `threshold` and
    /// `target` is looked at once more before the side is left unbatched.
    func batchSize(warmUp: Duration, time: (Int) async -> Duration) async -> Int {
        var elapsed = warmUp
        if elapsed >= threshold {
            guard elapsed < target else { return 1 }
            elapsed = await time(1)
            guard elapsed < threshold else { return 1 }
        }
        let trial = target / 2
        var size = 1
        while elapsed < trial && size < cap {
            size = min(cap, max(size * 2, predicted(from: size, elapsed, toLast: trial, spare: 1.25)))
            elapsed = await time(size)
        }
        return min(cap, max(size, predicted(from: size, elapsed, toLast: target, spare: 1.5)))
    }

    /// The size of a batch that lasts `goal` times `spare`, if a batch of `size` took `elapsed`
    /// (64 times `size` when it measured as no time at all).
    private func predicted(from size: Int, _ elapsed: Duration, toLast goal: Duration, spare: Double) -> Int {
        guard elapsed > .zero else { return min(cap, size * 64) }
        return Int(min((Double(size) * (goal / elapsed) * spare).rounded(.up), Double(cap)))
    }
}
