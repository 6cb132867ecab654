import Foundation

/// A cache whose loads outlive the callers' deadlines: a caller stops waiting
/// after its timeout and gets `nil`, while the load runs on as a task the
/// cache owns, and its late value fills the cache.
///
/// The load is an unstructured `Task` on purpose: it belongs to the cache, not
/// to whichever caller started it, so no caller's timeout or cancellation ends
/// it. Each caller waits on a stream of its own, and whichever answers first,
/// the load or the caller's watchdog (a task that sleeps until the deadline),
/// is the answer. That wait ends when the caller's task is cancelled.
/// `await task.value` would not: neither the watchdog nor a cancel could cut
/// it short. A caller that asks while a load is in flight joins it.
public actor LateResultCache<Key: Hashable & Sendable, Value: Sendable> {
    private let load: @concurrent @Sendable (Key) async -> Value
    private var values: [Key: Value] = [:]
    /// The callers of each load in flight, one stream each.
    private var waiting: [Key: [AsyncStream<Value?>.Continuation]] = [:]

    /// `load` runs off the cache's actor (`@concurrent`).
    public init(load: @escaping @concurrent @Sendable (Key) async -> Value) {
        self.load = load
    }
}

// MARK: - Asking: the load or the watchdog answers first

extension LateResultCache {
    /// The value of `key`: the cached one at once, or the loaded one if it
    /// comes within `timeout`; `nil` when the timeout passes first or the
    /// caller is cancelled. The load runs on either way and fills the cache.
    public func value(for key: Key, timeout: Duration) async -> Value? {
        if let value = values[key] { return value }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let (answers, answer) = AsyncStream.makeStream(of: Value?.self)
        if waiting[key] == nil { startLoad(key) }
        waiting[key, default: []].append(answer)
        let watchdog = Task {
            try await Task.sleep(until: deadline, clock: .continuous)
            answer.yield(nil)  // the timeout came first
        }
        defer { watchdog.cancel() }
        for await value in answers { return value }
        return nil  // cancelled: the load runs on
    }

    private func startLoad(_ key: Key) {
        waiting[key] = []
        // Unstructured on purpose: the cache owns the load, not the caller.
        Task { finishLoad(key, await load(key)) }
    }

    private func finishLoad(_ key: Key, _ value: Value) {
        values[key] = value  // a late value still fills the cache
        for answer in waiting.removeValue(forKey: key) ?? [] {
            answer.yield(value)
        }
    }
}

// MARK: - A bounded wait on work that can't be cancelled: act on it

/// How a watched process ended.
public nonisolated enum ProcessOutcome: Equatable, Sendable {
    /// It exited by itself, with this status, within the timeout.
    case exited(status: Int32)
    /// It was still running at the timeout, and was terminated.
    case terminatedAfterTimeout
}

/// Waits for a child process at most a timeout; a process still running then
/// is terminated, and killed if it won't stop.
///
/// A process can't be cancelled, so the wait for its exit acts on it instead.
/// The wait awaits a task's value on purpose: that wait ignores cancellation,
/// so `exitStatus` never returns while the process lives. When the caller is
/// cancelled, the cancellation handler terminates the process (SIGTERM), kills
/// it (SIGKILL) if it is still running `grace` later, and the wait ends at
/// the exit. That is what lets `withTimeout` work here: at the deadline it
/// cancels the wait, and the process goes. The process is started before the
/// handler is installed, so the handler never meets a half-started process.
/// No thread blocks: `terminationHandler` feeds a stream.
public nonisolated enum ProcessWatchdog {
    /// Starts `process` and returns once it has exited, by itself within
    /// `timeout` or stopped at it. Throws if it can't be started, and
    /// `CancellationError` (once it has stopped it) if the caller is cancelled.
    public static func run(
        _ process: Process, timeout: Duration, grace: Duration = .seconds(2)
    ) async throws -> ProcessOutcome {
        let exit = try start(process)
        do {
            let status = try await withTimeout(timeout) {
                try await exitStatus(of: process, exit: exit, grace: grace)
            }
            return .exited(status: status)
        } catch is TimeoutError {
            return .terminatedAfterTimeout
        }
    }

    /// Starts `process`; the task's value is its exit status, when it exits.
    public static func start(_ process: Process) throws -> Task<Int32, Never> {
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self)
        // Set before `run()`: the process may exit at once.
        process.terminationHandler = {
            exited.yield($0.terminationStatus)
            exited.finish()
        }
        try process.run()  // throws, and the handler never runs
        return Task {
            for await status in exits { return status }
            return -1  // not reached: the handler yields before it finishes
        }
    }

    /// Waits for the exit of `process`, started with `start(_:)`. A cancelled
    /// caller stops the process, the only way to end the wait, and gets
    /// `CancellationError` once it has exited.
    public static func exitStatus(
        of process: Process, exit: Task<Int32, Never>,
        grace: Duration = .seconds(2)
    ) async throws -> Int32 {
        let status = await withTaskCancellationHandler {
            await exit.value
        } onCancel: {
            stop(process, grace: grace)
        }
        try Task.checkCancellation()
        return status
    }
}

// MARK: - Stopping: SIGTERM, then SIGKILL after a grace period

nonisolated extension ProcessWatchdog {
    /// Sends SIGTERM now, and SIGKILL `grace` later if the process is still
    /// running: it may catch or ignore SIGTERM, or have it blocked.
    private static func stop(_ process: Process, grace: Duration) {
        guard process.isRunning else { return }
        process.terminate()
        Task {
            try await Task.sleep(for: grace)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }
}

// MARK: - Or with the shared helpers: `withTimeout` around a `OneShotFuture`

/// The same cache written with the project's `withTimeout` (WithTimeout.swift)
/// and `OneShotFuture` (from `one-shot-future`): each caller runs
/// `withTimeout(timeout) { try await future.value() }` on a future the load
/// fulfils. The future's wait ends when its task is cancelled, so the
/// timeout can end it; `withTimeout(timeout) { await task.value }` would not
/// return before the load.
public actor FutureLateResultCache<Key: Hashable & Sendable, Value: Sendable> {
    private let load: @concurrent @Sendable (Key) async -> Value
    private var values: [Key: Value] = [:]
    private var inFlight: [Key: OneShotFuture<Value>] = [:]

    /// `load` runs off the cache's actor (`@concurrent`).
    public init(load: @escaping @concurrent @Sendable (Key) async -> Value) {
        self.load = load
    }

    /// The value of `key`, or `nil` when `timeout` passes first or the caller
    /// is cancelled; the load runs on either way and fills the cache.
    public func value(for key: Key, timeout: Duration) async -> Value? {
        if let value = values[key] { return value }
        let loaded = inFlight[key] ?? startLoad(key)
        do {
            return try await withTimeout(timeout) { try await loaded.value() }
        } catch {
            return nil  // timed out or cancelled: the load runs on
        }
    }

    private func startLoad(_ key: Key) -> OneShotFuture<Value> {
        let loaded = OneShotFuture<Value>()
        inFlight[key] = loaded
        Task {
            let value = await load(key)
            values[key] = value
            inFlight[key] = nil
            await loaded.fulfill(value)
        }
        return loaded
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension LateResultCache {
    /// How many callers have joined the load of `key` in flight.
    public func waitingCount(for key: Key) -> Int {
        waiting[key]?.count ?? 0
    }
}
