import Foundation
import Testing

/// A task executor whose jobs run on a thread of its own and can be held: a task preferring it
/// that is resumed while the executor is held does not run until `release()`.
///
/// It opens the window a busy thread opens in an app: a continuation has been resumed, but the
/// task has not yet run again, so it is still inside its `withTaskCancellationHandler` and a
/// cancel still runs its handler.
final class HeldTaskExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: every property is only touched while holding `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isHeld = false
    private var isRunning = false
    private var isStopped = false

    init() {
        Thread { [self] in loop() }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        locked {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Keeps every job enqueued from now on waiting.
    func hold() { locked { isHeld = true } }

    /// Runs the held jobs, and the later ones as they come.
    func release() {
        locked {
            isHeld = false
            condition.signal()
        }
    }

    /// Ends the thread once the queue is empty; call it when no task prefers this executor.
    func stop() {
        locked {
            isStopped = true
            condition.signal()
        }
    }

    /// How many jobs wait in the queue.
    var queuedJobs: Int { locked { jobs.count } }

    /// Whether no job runs and none waits: every task that prefers this executor is suspended.
    var isIdle: Bool { locked { jobs.isEmpty && !isRunning } }

    /// Yields until the executor is idle (or the test is cancelled).
    func untilIdle() async throws {
        try await eventually { isIdle }
    }

    /// Yields until a job is queued (or the test is cancelled).
    func untilAJobIsQueued() async throws {
        try await eventually { queuedJobs != 0 }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func loop() {
        while true {
            condition.lock()
            while (isHeld || jobs.isEmpty) && !(isStopped && jobs.isEmpty) { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            isRunning = true
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            locked { isRunning = false }
        }
    }
}
