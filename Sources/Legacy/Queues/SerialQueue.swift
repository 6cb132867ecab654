import Foundation

/// Jobs on a private serial queue run one at a time, in the order they were
/// submitted.
///
/// A serial queue is GCD's FIFO: `async` returns at once, and the queue
/// finishes each block before it starts the next, on whatever thread it likes.
/// The label is a debugging name (reverse DNS by convention); it does not
/// identify the queue system-wide, and it need not be unique.
public enum SerialQueue {
    /// The classic three counting jobs; `completion` runs on the queue after
    /// the third.
    public static func countThreeTimes(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let queue = DispatchQueue(label: "com.pixolity.GCD.serialQueue1")
        queue.async {
            for counter in 0..<5 {
                log("First iteration, counter = \(counter)")
            }
        }
        queue.async {
            for counter in 0..<5 {
                log("Second iteration, counter = \(counter)")
            }
        }
        queue.async {
            for counter in 0..<5 {
                log("Third iteration, counter = \(counter)")
            }
        }
        queue.async(execute: completion)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SerialQueue {
    /// Submits `count` jobs and reports the most that were ever running at once
    /// (always 1).
    public static func maxInFlight(
        jobs count: Int, completion: @escaping @Sendable (Int) -> Void
    ) {
        let queue = DispatchQueue(label: "com.pixolity.GCD.serialQueue2")
        let gauge = InFlightGauge()
        for _ in 0..<count {
            queue.async {
                gauge.enter()
                // Long enough for a second job to overlap, were that possible.
                usleep(100)
                gauge.leave()
            }
        }
        queue.async { completion(gauge.highWaterMark) }
    }
}

/// Counts jobs in flight and remembers the highest count seen.
///
/// `@unchecked Sendable`: every access to the two counters holds `lock`.
final class InFlightGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var highest = 0

    func enter() {
        lock.withLock {
            current += 1
            highest = max(highest, current)
        }
    }

    func leave() {
        lock.withLock { current -= 1 }
    }

    var highWaterMark: Int { lock.withLock { highest } }
}
