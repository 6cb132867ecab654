/// A serial worker: one task drains an `AsyncStream` of jobs, one at a time, in
/// FIFO order.
///
/// This is the closest match to a serial `DispatchQueue`. Submitting is
/// synchronous and never waits (`yield` on an unbounded stream), and the single
/// consumer awaits each job before it takes the next, so jobs never overlap and
/// run in submission order. An actor is *not* this: separate
/// `Task { await actor.job() }` calls have no ordering guarantee, and an actor
/// method that awaits lets other calls in. Every job runs at the worker's
/// priority, set once in `init` (by default the creator's): pass the priority
/// the most urgent job needs.
public nonisolated final class SerialQueue: Sendable {
    public typealias Job = @Sendable () async -> Void

    private let jobs: AsyncStream<Job>.Continuation
    private let worker: Task<Void, Never>

    /// Starts the worker at `priority` (`nil`: the priority of the code
    /// creating the queue).
    public init(priority: TaskPriority? = nil) {
        let (stream, continuation) = AsyncStream.makeStream(of: Job.self)
        jobs = continuation
        worker = Task(priority: priority) {
            for await job in stream { await job() }
        }
    }

    deinit { jobs.finish() }

    /// Adds a job to the end of the queue and returns at once.
    public func async(_ job: @escaping Job) {
        jobs.yield(job)
    }

    /// Stops taking jobs and waits until every submitted job has run.
    public func drain() async {
        jobs.finish()
        await worker.value
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

// Only the driver's gauge needs it; the pattern does not.
// swift-format-ignore: OrderedImports
import Synchronization

nonisolated extension SerialQueue {
    /// The classic three counting jobs, submitted without waiting, then
    /// drained.
    public static func countThreeTimes(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let queue = SerialQueue()
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
        await queue.drain()
    }

    /// Submits `count` jobs and returns the most that were ever running at once
    /// (always 1).
    public static func maxInFlight(jobs count: Int) async -> Int {
        let queue = SerialQueue()
        let gauge = InFlightGauge()
        for _ in 0..<count {
            queue.async {
                gauge.enter()
                // A chance for a second job to overlap, were that possible.
                await Task.yield()
                gauge.leave()
            }
        }
        await queue.drain()
        return gauge.highWaterMark
    }
}

/// Counts jobs in flight and remembers the highest count seen.
///
/// `Atomic` is `~Copyable`, so it cannot be captured by an escaping closure; a
/// `Sendable` class holding it can.
nonisolated final class InFlightGauge: Sendable {
    private let current = Atomic(0)
    private let highest = Atomic(0)

    func enter() {
        let now = current.add(1, ordering: .relaxed).newValue
        highest.max(now, ordering: .relaxed)
    }

    func leave() {
        current.subtract(1, ordering: .relaxed)
    }

    var highWaterMark: Int { highest.load(ordering: .relaxed) }
}
