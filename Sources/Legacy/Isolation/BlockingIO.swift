import Foundation
import Synchronization

/// A blocking API on a serial queue of its own; callers get a completion
/// handler, and the global queues stay free.
///
/// A blocking C or file API (a synchronous read, `fsync`, a database handle)
/// keeps its thread until it returns. Sent to a global queue, it holds one of
/// the threads every other block shares; a serial queue of its own gets a
/// thread of its own at once (its root queue is overcommitting, on Linux
/// too), runs the calls one at a time in FIFO order, and keeps callers off
/// it. A call cancelled before its turn never runs, and its completion is
/// never called: the caller who cancelled knows.
public final class BlockingIO: Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Runs blocking `call` on the queue; `completion` gets its result there.
    /// Cancel the returned item before its turn and neither runs; a call
    /// already running is not interrupted.
    @discardableResult
    public func run<T>(
        _ call: @escaping @Sendable () throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> DispatchWorkItem {
        let item = DispatchWorkItem {
            completion(Result { try call() })
        }
        queue.async(execute: item)
        return item
    }
}

// MARK: - A task executor with threads of its own

// GCD's serial queue is the thread of its own: the queue gets one when it has
// work. There is no executor to write.

// MARK: - Driver (the page's output; not part of the pattern)

extension BlockingIO {
    /// The blocking API the driver calls: `usleep` stands for a synchronous
    /// read or C call.
    public static func blockingRead(_ job: Int, block: Duration) -> Int {
        usleep(UInt32(block / .microseconds(1)))
        return job * job
    }

    /// What one run saw.
    public struct Report: Sendable {
        /// The reads' results, by job.
        public var results: [Int]
        /// The jobs in the order their reads finished.
        public var finishOrder: [Int]
        /// How long each short block waited to start, shortest first.
        public var waits: [Duration]
        /// From the first read's submission to the last read's end.
        public var readsTook: Duration
    }

    /// `reads` blocking reads, then `shortTasks` short blocks on a global
    /// queue: with `io`, the reads run on its queue; with `nil`, on a global
    /// queue, where the short blocks queue behind them.
    public static func measure(
        reads: Int = 8,
        shortTasks: Int = 100,
        block: Duration,
        on io: BlockingIO?,
        completion: @escaping @Sendable (Report) -> Void
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        let state = Mutex(
            Report(
                results: Array(repeating: 0, count: reads), finishOrder: [],
                waits: [], readsTook: .zero))
        let group = DispatchGroup()
        for job in 0..<reads {
            let read: @Sendable () -> Int = { blockingRead(job, block: block) }
            let done: @Sendable (Result<Int, any Error>) -> Void = { result in
                let end = clock.now
                state.withLock { report in
                    report.results[job] = (try? result.get()) ?? -1
                    report.finishOrder.append(job)
                    report.readsTook = max(report.readsTook, end - start)
                }
                group.leave()
            }
            group.enter()
            if let io {
                io.run(read, completion: done)
            } else {
                DispatchQueue.global().async { done(.success(read())) }
            }
        }
        for _ in 0..<shortTasks {
            let queued = clock.now
            DispatchQueue.global().async(group: group) {
                let wait = clock.now - queued
                state.withLock { $0.waits.append(wait) }
            }
        }
        group.notify(queue: .global()) {
            var report = state.withLock { $0 }
            report.waits.sort()
            completion(report)
        }
    }

    /// Three reads through `run`; the first holds the queue until the second
    /// has been cancelled (the queue is serial: the second can't start).
    /// `completion` gets each read's outcome, in order.
    public static func cancelSecondRead(
        block: Duration,
        completion: @escaping @Sendable ([String]) -> Void
    ) {
        let io = BlockingIO(label: "blocking-io")
        let calls = Mutex<[Int]>([])
        let outcomes = Mutex(Array(repeating: "cancelled", count: 3))
        let holdFirst = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        var items: [DispatchWorkItem] = []
        for job in 0..<3 {
            group.enter()
            let item = io.run {
                calls.withLock { $0.append(job) }
                if job == 0 { holdFirst.wait() }  // the queue's own thread
                return blockingRead(job, block: block)
            } completion: { result in
                if let value = try? result.get() {
                    outcomes.withLock { $0[job] = "\(value)" }
                }
                group.leave()
            }
            items.append(item)
        }
        items[1].cancel()
        group.leave()  // a cancelled item's completion never runs
        holdFirst.signal()
        group.notify(queue: .global()) {
            let lines = outcomes.withLock { $0 }.enumerated().map {
                "read \($0.offset): \($0.element)"
            }
            let ran = calls.withLock { $0 }.map(String.init)
            completion(
                lines + ["blocking calls made: " + ran.joined(separator: " ")])
        }
    }
}
