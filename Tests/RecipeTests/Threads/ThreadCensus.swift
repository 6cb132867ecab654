import Foundation

/// The process's thread count (`Threads:` in `/proc/self/status`, as `compare` reads it), for the
/// chapter-7 tests that check every thread a recipe starts has ended.
enum ThreadCensus {
    /// The number of threads in this process now.
    static func count() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    /// The count once it is at most `limit`, or the last count read after `within`.
    ///
    /// A thread that has signalled (or been joined) may still be leaving the kernel's list for a
    /// few microseconds, so this polls the count rather than reading it once. It synchronizes
    /// nothing: the caller asserts on what it returns.
    static func settled(atMost limit: Int, within: Duration = .seconds(5)) -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now + within
        var current = count()
        while current > limit && clock.now < deadline {
            sched_yield()
            usleep(100)
            current = count()
        }
        return current
    }
}
