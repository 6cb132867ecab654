import Foundation

/// The process's thread count (`Threads:` in `/proc/self/status`), for tests that check that a
/// recipe leaves no thread behind.
enum ThreadCountProbe {
    static func now() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// Waits until the count is at most `limit`, and returns the last count read.
    ///
    /// A thread's last act (signalling a semaphore, resuming a continuation) comes a moment before
    /// the kernel removes it, and nothing in Foundation reports that moment, so this polls, for up
    /// to `patience`; a thread that is still there after that has not ended.
    static func settles(atMost limit: Int, patience: Duration = .seconds(5)) async -> Int? {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        var count = now()
        while let current = count, current > limit, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            count = now()
        }
        return count
    }
}
