import Foundation

/// A cache whose loads get a watchdog: the caller hears `nil` after the
/// timeout, while the load runs on and its late result still fills the cache.
///
/// The load can't be called off (a request in flight, work another library
/// runs), and the caller can't wait for ever. So a watchdog, an `asyncAfter`
/// on the cache's serial queue, answers `nil` when the timeout passes first,
/// and the load's completion, whenever it comes, stores the value for the next
/// caller. Whichever comes first answers; the other finds the request gone
/// from `pending`, so each caller is answered exactly once. A caller that asks
/// while a load is in flight joins it instead of starting another.
public final class LateResultCache<Key: Hashable & Sendable, Value: Sendable>:
    @unchecked Sendable
{
    /// Starts loading the value of a key, and calls back once, on any queue.
    public typealias Load =
        @Sendable (Key, _ completion: @escaping @Sendable (Value) -> Void) ->
        Void

    // `@unchecked Sendable`: `values`, `waiting`, `pending` and `nextRequest`
    // are only touched on `queue`.
    private let queue = DispatchQueue(label: "LateResultCache")
    private var values: [Key: Value] = [:]
    /// The requests waiting for each load in flight.
    private var waiting: [Key: [Int]] = [:]
    /// The callers not answered yet, by request.
    private var pending: [Int: @Sendable (Value?) -> Void] = [:]
    private var nextRequest = 0
    private let load: Load

    public init(load: @escaping Load) {
        self.load = load
    }
}

// MARK: - Asking: the watchdog and the load race on the queue

extension LateResultCache {
    /// Calls `completion` once, on the cache's queue: with the cached value at
    /// once, with the loaded value if it comes within `timeout`, else with
    /// `nil`. After a timeout the load runs on, and its value fills the cache.
    public func value(
        for key: Key, timeout: Duration,
        completion: @escaping @Sendable (Value?) -> Void
    ) {
        queue.async { [self] in
            if let value = values[key] {
                completion(value)
                return
            }
            let request = nextRequest
            nextRequest += 1
            pending[request] = completion
            // The watchdog. It can't be cancelled; if the value came first, it
            // finds nothing left to answer.
            queue.asyncAfter(deadline: .now() + timeout / .seconds(1)) {
                [weak self] in
                self?.answer(request, with: nil)
            }
            if waiting[key] != nil {
                waiting[key]?.append(request)  // joins the load in flight
                return
            }
            waiting[key] = [request]
            load(key) { value in
                self.queue.async { self.finishLoad(key, value) }
            }
        }
    }

    private func finishLoad(_ key: Key, _ value: Value) {
        values[key] = value  // a late value still fills the cache
        for request in waiting.removeValue(forKey: key) ?? [] {
            answer(request, with: value)
        }
    }

    private func answer(_ request: Int, with value: Value?) {
        pending.removeValue(forKey: request)?(value)
    }
}

// MARK: - A bounded wait on blocking work: `waitUntilExit()` on a worker

/// How a watched process ended.
public enum ProcessOutcome: Equatable, Sendable {
    /// It exited by itself, with this status, within the timeout.
    case exited(status: Int32)
    /// It was still running at the timeout, and was terminated.
    case terminatedAfterTimeout
}

/// Waits for a child process at most a timeout, then acts on it: a process
/// that is still running is terminated, and killed if it won't stop.
///
/// `waitUntilExit()` blocks, with no timeout, so it runs on a worker thread
/// that leaves a group when the process exits, and the caller waits on the
/// group with a timeout. Giving up the wait does not stop the process: left
/// alone it runs on, and the worker stays blocked with it. So the watchdog
/// terminates it (SIGTERM), gives it `grace` to exit, then kills it (SIGKILL,
/// which can't be caught, ignored or blocked), and waits for the exit.
public enum ProcessWatchdog {
    /// Starts `process` and blocks the calling thread until it exits or
    /// `timeout` passes, then stops it; returns once it has exited. Throws if
    /// the process can't be started.
    public static func run(
        _ process: Process, timeout: Duration, grace: Duration = .seconds(2)
    ) throws -> ProcessOutcome {
        try process.run()
        let exited = DispatchGroup()
        exited.enter()
        DispatchQueue.global().async {
            process.waitUntilExit()  // blocks this worker until the exit
            exited.leave()
        }
        guard exited.wait(timeout: .now() + timeout / .seconds(1)) == .timedOut
        else {
            return .exited(status: process.terminationStatus)
        }
        // The wait gave up, but the process runs on: act on it.
        stop(process, exited: exited, grace: grace)
        return .terminatedAfterTimeout
    }
}

// MARK: - Stopping: SIGTERM, then SIGKILL after a grace period

extension ProcessWatchdog {
    /// Sends SIGTERM, and SIGKILL if the process is still running `grace`
    /// later: it may catch or ignore SIGTERM, or have it blocked. Returns once
    /// it has exited (`exited` is empty).
    private static func stop(
        _ process: Process, exited: DispatchGroup, grace: Duration
    ) {
        process.terminate()
        if exited.wait(timeout: .now() + grace / .seconds(1)) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
    }
}
