import Foundation
import Synchronization

/// Samples the process's thread count on a thread of its own and keeps the highest value.
///
/// Threads that the pool creates for a burst and retires soon after are gone by the time the work
/// ends, so the count is sampled while the work runs (every half millisecond). The sampler's own
/// thread is in the count, on both sides alike.
final class ThreadPeakSampler: Sendable {
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

    /// Stops sampling and returns the highest thread count seen (at least 1).
    func stop() -> Int {
        record()
        running.store(false, ordering: .relaxed)
        done.wait()
        return max(1, peak.load(ordering: .relaxed))
    }

    private func record() {
        if let count = ProcStatus.threads() { peak.max(count, ordering: .relaxed) }
    }
}
