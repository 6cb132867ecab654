import Foundation
import Synchronization

/// Blocking calls run on a task executor with threads of its own; the caller
/// suspends, and the cooperative pool stays free.
///
/// A blocking C or file API (a synchronous read, `fsync`, a database handle)
/// keeps its thread until it returns. Called from a task, that thread is one
/// of the cooperative pool's, which has one per core and never adds one, so
/// every other task in the process waits behind it (`blocking-the-pool`).
/// `withTaskExecutorPreference` (SE-0417) runs the nonisolated code of the
/// task on `BlockingIOExecutor`'s threads instead: the call still looks like
/// ordinary async code to the caller, is awaited, and is skipped if the
/// caller was cancelled before its turn. `run` is `@concurrent`, so it leaves
/// the caller's actor: a preference moves nonisolated code and default
/// actors, never the main actor or an actor with an executor of its own, and
/// a main-actor closure would block the main thread. The preference covers the
/// blocking call only, so no other actor the caller awaits lands on the I/O
/// thread.
public nonisolated struct BlockingIO: Sendable {
    public let executor: BlockingIOExecutor

    public init(executor: BlockingIOExecutor) {
        self.executor = executor
    }

    /// Runs blocking `call` on the executor's threads and suspends until it
    /// returns. Throws `CancellationError` without calling it if the caller
    /// is cancelled before its turn; a call already running is not
    /// interrupted (blocking code can't be).
    @concurrent
    public func run<T: Sendable>(
        _ call: @Sendable () throws -> T
    ) async throws -> T {
        try await withTaskExecutorPreference(executor) {
            try Task.checkCancellation()
            return try call()
        }
    }
}

// MARK: - A task executor with threads of its own

/// A `TaskExecutor` that runs jobs, in FIFO order, on threads it owns.
///
/// A task that prefers it runs its nonisolated code here, and the methods of
/// default actors it awaits: each job is a piece of the task between two
/// suspensions. The threads block while they wait for jobs and while a job
/// blocks; that is what they are for, and no task on the cooperative pool
/// waits for them. One thread is a serial queue's equivalent; give it more
/// for calls that may overlap. The jobs run first in, first out, at the
/// threads' default quality of service, whatever the waiting task's priority.
public nonisolated final class BlockingIOExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []  // FIFO
        var isOpen = true
    }

    private let state = Mutex(State())
    // Blocking is fine here: only the executor's own threads wait on it.
    private let wakeUp = DispatchSemaphore(value: 0)
    private let threadCount: Int

    /// Starts `threadCount` threads (at least one), named `name-0`, `name-1`…
    public init(name: String, threadCount: Int = 1) {
        self.threadCount = max(1, threadCount)
        for index in 0..<self.threadCount {
            Thread { [self] in
                Thread.current.name = "\(name)-\(index)"  // set on the thread
                serve()
            }.start()
        }
    }

    /// Queues a job for the threads; after `shutdown`, hands it to the
    /// global concurrent executor, so that no task is stranded.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            guard state.isOpen else { return false }
            state.jobs.append(job)
            return true
        }
        if queued {
            wakeUp.signal()
        } else {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }

    /// Stops taking jobs: the threads run the ones queued, then end.
    public func shutdown() {
        state.withLock { $0.isOpen = false }
        for _ in 0..<threadCount { wakeUp.signal() }
    }

    /// A thread's loop: one signal per queued job, one per thread at
    /// shutdown; an empty queue after a signal means the executor is closed.
    private func serve() {
        while true {
            wakeUp.wait()
            let job: UnownedJob? = state.withLock { state in
                state.jobs.isEmpty ? nil : state.jobs.removeFirst()
            }
            guard let job else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension BlockingIO {
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
        /// How long each short task waited to start, shortest first.
        public var waits: [Duration]
        /// From the first read's submission to the last read's end.
        public var readsTook: Duration
    }

    /// `reads` blocking reads as child tasks, then `shortTasks` short ones:
    /// with `preferring`, the reads run on that executor; with `nil`, on the
    /// cooperative pool, where the short tasks queue behind them.
    public static func measure(
        reads: Int = 8,
        shortTasks: Int = 100,
        block: Duration,
        preferring executor: (any TaskExecutor)?
    ) async -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        var report = Report(
            results: Array(repeating: 0, count: reads), finishOrder: [],
            waits: [], readsTook: .zero)
        await withTaskGroup(of: Outcome.self) { group in
            for job in 0..<reads {
                group.addTask(executorPreference: executor) {
                    let result = blockingRead(job, block: block)
                    return .read(job, result, end: clock.now)
                }
            }
            for _ in 0..<shortTasks {
                let queued = clock.now
                group.addTask { .waited(clock.now - queued) }
            }
            for await outcome in group {  // in the order the tasks end
                switch outcome {
                case .read(let job, let result, let end):
                    report.results[job] = result
                    report.finishOrder.append(job)
                    report.readsTook = max(report.readsTook, end - start)
                case .waited(let wait): report.waits.append(wait)
                }
            }
        }
        report.waits.sort()
        return report
    }

    /// A child task's outcome.
    enum Outcome: Sendable {
        case read(Int, Int, end: ContinuousClock.Instant)
        case waited(Duration)
    }

    /// Three reads through `run`; the first holds the executor's thread until
    /// the second has been cancelled. Returns each read's outcome, in order.
    public static func cancelSecondRead(block: Duration) async -> [String] {
        let executor = BlockingIOExecutor(name: "blocking-io")
        defer { executor.shutdown() }
        let io = BlockingIO(executor: executor)
        let calls = Mutex<[Int]>([])
        let holdFirst = DispatchSemaphore(value: 0)
        let firstStarted = AsyncStream.makeStream(of: Void.self)
        let read = { (job: Int) in
            Task { @Sendable in
                try await io.run {
                    calls.withLock { $0.append(job) }
                    if job == 0 {
                        firstStarted.continuation.yield()
                        holdFirst.wait()  // the executor's own thread
                    }
                    return blockingRead(job, block: block)
                }
            }
        }
        let first = read(0)
        for await _ in firstStarted.stream { break }
        let reads = [first, read(1), read(2)]
        reads[1].cancel()
        holdFirst.signal()
        var lines: [String] = []
        for (job, task) in reads.enumerated() {
            switch await task.result {
            case .success(let value): lines.append("read \(job): \(value)")
            case .failure: lines.append("read \(job): cancelled")
            }
        }
        let ran = calls.withLock { $0 }.map(String.init)
        return lines + ["blocking calls made: " + ran.joined(separator: " ")]
    }
}
