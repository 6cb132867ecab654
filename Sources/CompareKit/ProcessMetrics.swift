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

    /// Resets the process's peak resident set size (`VmHWM`) to its current size, so that a later
    /// `peakResidentBytes()` says how high it rose since. Returns false where that is not possible.
    ///
    /// Writing "5" to `/proc/self/clear_refs` does this on Linux 4.0 and later; it leaves the page
    /// table bits that the other values (1–4) clear alone, so it does not disturb the run it measures.
    static func resetPeakResident() -> Bool {
        #if os(Linux)
            let descriptor = open("/proc/self/clear_refs", O_WRONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return write(descriptor, "5", 1) == 1
        #else
            return false
        #endif
    }

    /// The process's peak resident set size in bytes (`VmHWM:` in `/proc/self/status`), or nil
    /// where the platform does not expose it.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            // "VmHWM:\t   12345 kB": the kernel's kB are 1024 bytes.
            let fields = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace)
            return fields.first.flatMap { Int($0) }.map { $0 * 1024 }
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

    /// Starts sampling. With a `watchdog`, its `expired` runs (once) if sampling is still going
    /// after its `limit`: a side that hangs must not hang `compare` with it.
    init(watchdog: (limit: Duration, expired: @Sendable () -> Void)? = nil) {
        record()
        let thread = Thread { [self] in
            let clock = ContinuousClock()
            let start = clock.now
            var watching = watchdog != nil
            while running.load(ordering: .relaxed) {
                record()
                if watching, let watchdog, clock.now - start > watchdog.limit {
                    watching = false
                    watchdog.expired()
                }
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
