import Synchronization

/// One asynchronous job at a time, in submission order: each job's task
/// awaits the task of the job before it.
///
/// Not a plain actor method: an actor runs one method *step* at a time, and
/// at every `await` the next caller's method starts, so three `fetch` calls on
/// an actor are all in flight at once (reentrancy). Here `submit` is
/// synchronous: under a `Mutex` it takes the last task and stores its own, so
/// the order of the calls is the order of the jobs (`run` stores a
/// placeholder for its caller's job). The job awaits the previous one (which
/// its cancellation doesn't cut short), then checks for cancellation, then
/// runs. Nothing holds a thread while a job is in flight.
/// Jobs run FIFO; `submit` never suspends and never drops a job, so when jobs
/// are slower than callers, the chain of waiting tasks grows. Cancelling a job
/// that waits skips it; cancelling the job in flight cancels its work, and
/// the next job starts as soon as it has ended.
public nonisolated final class SerialAsyncWork: Sendable {
    private let last = Mutex<Task<Void, Never>?>(nil)

    public init() {}
}

// MARK: - One job at a time: chain each task after the last one

nonisolated extension SerialAsyncWork {
    /// Starts `job` once every earlier job has ended; cancel the returned
    /// task to skip the job, or to cancel it in flight.
    @discardableResult
    public func submit<Value: Sendable>(
        _ job: @escaping @Sendable @concurrent () async throws -> Value
    ) -> Task<Value, any Error> {
        last.withLock { last in
            let previous = last
            let task = Task {
                await previous?.value  // not cut short by cancellation
                try Task.checkCancellation()
                return try await job()
            }
            last = Task { _ = await task.result }  // ends with the job
            return task
        }
    }

    /// Runs `job` in the caller's own task, in its turn, and returns its
    /// result. A caller cancelled before its turn gets `CancellationError`
    /// and the job never starts; cancelled while the job runs, the job sees
    /// it.
    ///
    /// The check is the caller's own cancellation, read after its turn came:
    /// no cancellation handler has to reach a job task in time.
    public func run<Value: Sendable>(
        _ job: @Sendable @concurrent () async throws -> Value
    ) async throws -> Value {
        let (previous, done) = takeTurn()
        defer { done.finish() }  // the next job may start
        await previous?.value  // not cut short by cancellation
        try Task.checkCancellation()
        return try await job()
    }

    /// Makes the caller the last job: a placeholder task that ends when
    /// `done` finishes stands in the chain for the caller's job.
    private func takeTurn() -> (
        previous: Task<Void, Never>?, done: AsyncStream<Never>.Continuation
    ) {
        let (ended, done) = AsyncStream.makeStream(of: Never.self)
        let placeholder = Task { for await _ in ended {} }
        let previous = last.withLock { last in
            let previous = last
            last = placeholder
            return previous
        }
        return (previous, done)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SerialAsyncWork {
    /// Three overlapping fetches, each taking `latency`; each result is shown
    /// on the main actor. Returns the most fetches ever in flight at once.
    @MainActor
    public static func runThreeFetches(
        latency: Duration,
        log: @escaping @Sendable (String) -> Void,
        show: @MainActor (String) -> Void
    ) async -> Int {
        let work = SerialAsyncWork()
        let gauge = FetchGauge()
        let fetches = (1...3).map { id in
            work.submit {
                try await fetch(id, latency: latency, gauge: gauge, log: log)
            }
        }
        for fetch in fetches {
            let result = await fetch.result
            show("shown \((try? result.get()) ?? "error")")
        }
        return gauge.highest
    }

    /// A fake network call that takes `latency`.
    @concurrent
    public static func fetch(
        _ id: Int,
        latency: Duration,
        gauge: FetchGauge,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> String {
        gauge.enter()
        defer { gauge.leave() }
        log("fetch \(id) started")
        try await Task.sleep(for: latency)
        log("fetch \(id) finished")
        return "result \(id)"
    }

    /// Counts fetches in flight and remembers the highest count.
    public nonisolated final class FetchGauge: Sendable {
        private let counts = Mutex((current: 0, most: 0))

        public init() {}
        public func enter() {
            counts.withLock {
                $0.current += 1
                $0.most = max($0.most, $0.current)
            }
        }
        public func leave() { counts.withLock { $0.current -= 1 } }
        public var highest: Int { counts.withLock { $0.most } }
    }
}
