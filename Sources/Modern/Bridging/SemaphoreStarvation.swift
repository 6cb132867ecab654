import Dispatch
import Synchronization

/// Eight tasks `await` a signal that a ninth sends: a waiting task is
/// suspended and holds no thread, so the ninth runs at once.
///
/// `AsyncSignal` is the `DispatchSemaphore` of tasks: `signal()` never
/// blocks and `wait()` suspends. Written with `DispatchSemaphore.wait` inside
/// the tasks, the same code starves the cooperative pool: it runs at most as
/// many tasks of one priority at a time as there are cores and never adds a
/// thread, so on 2 cores the first two waiters take both threads and the
/// ninth task cannot start until waiters give up (with `wait(timeout:)`) or
/// ever (with `wait()`). The compiler does not flag `DispatchSemaphore.wait`
/// in async code. The driver runs that bug, in a child process only.
public nonisolated enum SemaphoreStarvation {
    /// Eight tasks `await` a signal that a ninth sends; each logs its
    /// release.
    public static func suspendingWaiters(
        waiters: Int = 8,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        let signal = AsyncSignal()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for waiter in 0..<waiters {
                group.addTask {
                    try await signal.wait()
                    log("waiter \(waiter) released")
                }
            }
            group.addTask {
                for _ in 0..<waiters { signal.signal() }
            }
            try await group.waitForAll()
        }
    }
}

nonisolated extension SemaphoreStarvation {
    /// A counting signal that tasks await: `signal()` resumes the longest
    /// waiter (FIFO), or is kept for the next `wait()`. A cancelled waiter
    /// leaves the queue and throws `CancellationError`; no permit is lost.
    public nonisolated final class AsyncSignal: Sendable {
        private struct Waiter {
            let id: Int
            let continuation: CheckedContinuation<Void, any Error>
        }
        private struct State {
            var permits = 0
            var nextID = 0
            var waiters: [Waiter] = []
        }
        private let state = Mutex(State())

        public init() {}

        /// How many tasks are suspended in `wait()` right now.
        public var waiting: Int { state.withLock { $0.waiters.count } }

        /// Suspends until a `signal()` is available for this waiter.
        public func wait() async throws {
            let id = state.withLock { state in
                state.nextID += 1
                return state.nextID
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let now: Result<Void, any Error>? = state.withLock {
                        if Task.isCancelled {
                            return .failure(CancellationError())
                        }
                        if $0.permits > 0 {
                            $0.permits -= 1
                            return .success(())
                        }
                        $0.waiters.append(
                            Waiter(id: id, continuation: continuation))
                        return nil
                    }
                    if let now { continuation.resume(with: now) }
                }
            } onCancel: {
                let cancelled = state.withLock { state in
                    state.waiters.firstIndex { $0.id == id }
                        .map { state.waiters.remove(at: $0).continuation }
                }
                cancelled?.resume(throwing: CancellationError())
            }
        }

        /// Resumes the longest waiter, or keeps the signal for the next one.
        public func signal() {
            let next = state.withLock { state in
                guard !state.waiters.isEmpty else {
                    state.permits += 1
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return state.waiters.removeFirst().continuation
            }
            next?.resume()
        }
    }
}

// MARK: - Waiting without a thread

// A suspended task is the wait without a thread: `suspendingWaiters` above
// says in straight-line code what a `DispatchGroup.notify` block says.

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SemaphoreStarvation {
    /// Runs the buggy waiters and logs what happened in a fixed order (a
    /// child process shows lines as logged).
    public static func runBlockingWaiters(
        timeout: Duration?,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let call = timeout == nil ? "wait()" : "wait(timeout:)"
        log("8 tasks block in DispatchSemaphore.\(call); a 9th will signal")
        let released = await blockingWaiters(timeout: timeout)
        let timedOut = released.filter { !$0 }.count
        log(
            timedOut > 0
                ? "some waiters timed out: the 9th task ran after they gave up"
                : "every waiter was released")
    }
}

// What not to do: eight tasks block in `DispatchSemaphore.wait` for a signal
// from a ninth. Each blocked task holds a pool thread, so the ninth may never
// get one. Only the child process of the demonstration runs it.

nonisolated extension SemaphoreStarvation {
    /// The bug: never block a task on a semaphore. Returns, per waiter,
    /// whether it was released (false: its `timeout` passed first).
    public static func blockingWaiters(
        waiters: Int = 8,
        timeout: Duration? = nil
    ) async -> [Bool] {
        let semaphore = DispatchSemaphore(value: 0)
        return await withTaskGroup(of: (Int, Bool)?.self) { group in
            for waiter in 0..<waiters {
                group.addTask {
                    let deadline = timeout.map {
                        DispatchTime.now() + $0.dispatchInterval
                    }
                    // Blocks a pool thread: never do this in a task.
                    let result = semaphore.wait(
                        timeout: deadline ?? .distantFuture)
                    return (waiter, result == .success)
                }
            }
            group.addTask {
                for _ in 0..<waiters { semaphore.signal() }
                return nil
            }
            var released = Array(repeating: false, count: waiters)
            for await case let (waiter, wasReleased)? in group {
                released[waiter] = wasReleased
            }
            return released
        }
    }
}

nonisolated extension Duration {
    /// The duration as a `DispatchTimeInterval`, to the nanosecond.
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(
            Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
