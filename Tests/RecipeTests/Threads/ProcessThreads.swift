import Foundation

/// The process's thread count, for tests that check that every thread a recipe starts has ended.
enum ProcessThreads {
    /// The number of threads in this process now (`Threads:` in `/proc/self/status`), or nil where
    /// the platform does not expose it.
    static func count() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// The thread count once it is at most `limit`, or the count after `patience` if it never gets
    /// there.
    ///
    /// A thread that has signalled its waiter (or been joined) still has to be reaped by the
    /// kernel, and the driver threads of `onOwnThread` exit just after they resume their caller:
    /// the count falls a moment later, and the kernel sends no notice. So this polls, and the
    /// caller asserts the result; it never stands in for waiting on the work itself.
    static func settled(atMost limit: Int, patience: Duration = .seconds(5)) async -> Int? {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while let current = count(), current > limit, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return count()
    }

    /// The same wait for a legacy test running on its own thread (`onOwnThread`), where it may
    /// block: polls with a short `usleep`, and returns 0 where the count can't be read.
    static func settledBlocking(atMost limit: Int, within: Duration = .seconds(5)) -> Int {
        var current = 0
        _ = eventuallyOnThisThread(within: within) {
            current = count() ?? 0
            return current <= limit
        }
        return current
    }
}
