import Foundation
import Synchronization

/// The dedicated threads stay; async callers await `run`, which suspends
/// until a pool thread has run their item.
///
/// Blocking work (a synchronous read, a C call that waits) must not run on
/// the cooperative pool: it has one thread per core and never adds one, so a
/// few blocked tasks stall every task in the process (`blocking-the-pool`).
/// The pool keeps its own threads for it; only the hand-off changes. `run`
/// queues the item with a continuation and suspends; the thread that runs the
/// item resumes it with the result. Items start in FIFO order; the queue has
/// no bound, so callers are never refused, they wait. A caller cancelled
/// while its item is still queued gets `CancellationError` and the item never
/// runs; an item already running is not interrupted (blocking code can't be)
/// and its caller gets the result.
public nonisolated final class WorkerThreadPool: Sendable {
    private struct Job: Sendable {
        let id: UInt64
        let body: @Sendable () -> Void  // runs the work, resumes the caller
        let cancel: @Sendable () -> Void  // resumes with CancellationError
    }

    private struct State {
        var jobs: [Job] = []  // FIFO
        var isOpen = true
        var nextID: UInt64 = 0
        var liveThreads: Int
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>
    // Blocking is fine here: only the pool's own threads wait on it.
    private let wakeUp = DispatchSemaphore(value: 0)
    private let threadCount: Int

    /// Starts `threadCount` threads, each waiting for an item.
    public init(threadCount: Int) {
        state = Mutex(State(liveThreads: threadCount))
        self.threadCount = threadCount
        for index in 0..<threadCount {
            let thread = Thread { [self] in serve() }
            thread.name = "pool-\(index)"
            thread.start()
        }
    }
}

// MARK: - Submitting an item

nonisolated extension WorkerThreadPool {
    /// Runs `work` on a pool thread; suspends (never blocks) until it is done.
    /// Throws `CancellationError` if the caller is cancelled before the item
    /// starts, or if the pool is shut down.
    public func run<T: Sendable>(
        _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let job = Job(
                    id: id,
                    body: { continuation.resume(with: Result { try work() }) },
                    cancel: {
                        continuation.resume(throwing: CancellationError())
                    })
                // Checked under the lock: a cancel that ran before this line
                // found no job, so the flag is what stops it.
                let queued = state.withLock { state in
                    guard state.isOpen, !Task.isCancelled else { return false }
                    state.jobs.append(job)
                    return true
                }
                if queued { wakeUp.signal() } else { job.cancel() }
            }
        } onCancel: {
            take(id)?.cancel()
        }
    }

    /// Removes the queued job `id`, if no thread has taken it yet.
    private func take(_ id: UInt64) -> Job? {
        state.withLock { state in
            guard let index = state.jobs.firstIndex(where: { $0.id == id })
            else { return nil }
            return state.jobs.remove(at: index)
        }
    }
}

// MARK: - A thread's loop

nonisolated extension WorkerThreadPool {
    /// A thread's loop: wait for a signal, take the oldest job, run it; end
    /// once the pool is closed and empty.
    private func serve() {
        while true {
            wakeUp.wait()
            let job: Job? = state.withLock { state in
                state.jobs.isEmpty ? nil : state.jobs.removeFirst()
            }
            if let job {
                job.body()
            } else if !state.withLock({ $0.isOpen }) {
                break  // closed; shutdown took every queued job
            }
        }
        let waiters = state.withLock { state in
            state.liveThreads -= 1
            guard state.liveThreads == 0 else {
                return [CheckedContinuation<Void, Never>]()
            }
            defer { state.exitWaiters = [] }
            return state.exitWaiters
        }
        for waiter in waiters { waiter.resume() }  // the thread's last act
    }
}

// MARK: - Shutting down

nonisolated extension WorkerThreadPool {
    /// Closes the pool, cancels queued items, lets running items finish, and
    /// suspends until every thread has ended.
    public func shutdown() async {
        let cancelled = state.withLock { state in
            state.isOpen = false
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in cancelled { job.cancel() }
        for _ in 0..<threadCount { wakeUp.signal() }
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state in
                if state.liveThreads == 0 { return true }
                state.exitWaiters.append(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }

    /// How many items are queued and not yet taken by a thread.
    public var queuedCount: Int { state.withLock { $0.jobs.count } }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension WorkerThreadPool {
    /// Runs `count` blocking items on `threads` threads from concurrent tasks,
    /// then submits one more after shutdown. Returns (runs per item, distinct
    /// threads used).
    public static func run(
        items count: Int = 100, threads: Int = 4, block: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async -> (runs: [Int], threads: Set<UInt>) {
        let pool = WorkerThreadPool(threadCount: threads)
        var runs = Array(repeating: 0, count: count)
        var used = Set<UInt>()
        await withTaskGroup(of: (Int, UInt?).self) { group in
            for index in 0..<count {
                group.addTask {
                    let thread = try? await pool.run {
                        usleep(UInt32(block / .microseconds(1)))
                        return UInt(pthread_self())
                    }
                    return (index, thread)
                }
            }
            for await (index, thread) in group {
                guard let thread else { continue }
                runs[index] += 1
                used.insert(thread)
            }
        }
        log("\(count) items done")
        await pool.shutdown()
        log("shut down")
        do {
            _ = try await pool.run { "ran" }
            log("late item: ran")
        } catch {
            log("late item: cancelled")
        }
        return (runs, used)
    }
}
