import Foundation
import Synchronization

/// Process-wide CPU time and thread count, read from the kernel.
enum ProcessMetrics {
    /// User plus system CPU time consumed by this process so far.
    static func cpuTime() -> Duration {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration {
            .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
        }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    /// The number of threads in this process now (`Threads:` in `/proc/self/status`), or nil where
    /// the platform does not expose it.
    static func threadCount() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}

/// Samples the process's thread count on a thread of its own and keeps the highest value.
///
/// The sampler's own thread is part of the count, on both sides alike.
final class ThreadSampler: Sendable {
    private let running = Atomic(true)
    private let peak = Atomic(0)
    private let done = DispatchSemaphore(value: 0)

    init() {
        record()
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                record()
                usleep(500)
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops sampling and returns the highest thread count seen (nil where it can't be read).
    func stop() -> Int? {
        record()
        running.store(false, ordering: .relaxed)
        done.wait()
        let highest = peak.load(ordering: .relaxed)
        return highest > 0 ? highest : nil
    }

    private func record() {
        if let count = ProcessMetrics.threadCount() { peak.max(count, ordering: .relaxed) }
    }
}
