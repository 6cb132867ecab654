import Foundation

/// The monotonic clock in nanoseconds, read the same way for both sides.
///
/// One clock for every measurement keeps the legacy and modern figures comparable: neither side is
/// timed with its own API (`DispatchTime` or `ContinuousClock`).
enum Monotonic {
    /// Nanoseconds since an arbitrary fixed point; only differences mean anything.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds since `start`, never zero (a batch that ran is never free).
    static func since(_ start: UInt64) -> UInt64 {
        max(1, now() &- start)
    }
}
