import Dispatch
import Synchronization

/// The caller becomes `async`: it suspends until the callback resumes it, and
/// no thread waits meanwhile.
///
/// Keep the callers async: a caller that can `await` needs nothing else. A
/// checked continuation is resumed exactly once, from the callback, and the
/// value comes back as the return value: no box, no semaphore, no thread
/// held. Only a synchronous entry point that can't become `async` (a C
/// callback, a synchronous protocol requirement) needs the blocking shim at
/// the end of this file, with a timeout.
public nonisolated struct ValueClient: Sendable {
    private let service: ValueService

    public init(service: ValueService) {
        self.service = service
    }

    /// Returns the service's value for `key`; the caller suspends meanwhile.
    public func value(for key: Int) async -> Int {
        await withCheckedContinuation { continuation in
            service.fetchValue(for: key) { value in
                continuation.resume(returning: value)
            }
        }
    }
}

// MARK: - The callback API

/// The same callback API, unchanged: it answers on `callbackQueue`.
///
/// It stands for any API you can't change that takes a completion handler.
public nonisolated final class ValueService: Sendable {
    private let workQueue = DispatchQueue(label: "ValueService.work")
    private let callbackQueue: DispatchQueue

    public init(callbackQueue: DispatchQueue) {
        self.callbackQueue = callbackQueue
    }

    /// Calls `completion` once, later, on `callbackQueue`, with `key * key`.
    public func fetchValue(
        for key: Int, completion: @escaping @Sendable (Int) -> Void
    ) {
        workQueue.async { [callbackQueue] in
            let value = key * key
            callbackQueue.async { completion(value) }
        }
    }
}

// MARK: - Or, at a synchronous edge only: a blocking shim with a timeout

nonisolated extension ValueClient {
    /// Blocks the calling thread until `value(for:)` returns; `nil` once
    /// `timeout` has passed.
    ///
    /// The task it waits for needs a pool thread. A caller that is itself
    /// running in a task (a synchronous function called from one) holds a pool
    /// thread while it waits, and as many such callers as the pool has
    /// threads leave none for that task: without the timeout they would wait
    /// forever. `noasync` catches only direct calls from async code. Never
    /// call it from the thread the callback needs (the main thread, for a
    /// main-queue callback).
    @available(*, noasync, message: "blocks the thread; await value(for:)")
    public func blockingValue(for key: Int, timeout: Duration) -> Int? {
        let result = Handoff()
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let value = await self.value(for: key)
            result.value.withLock { $0 = value }
            done.signal()
        }
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let deadline = DispatchTime.now() + .nanoseconds(Int(nanoseconds))
        guard done.wait(timeout: deadline) == .success else {
            task.cancel()
            return nil
        }
        return result.value.withLock { $0 }
    }
}

/// Carries the task's result to the blocked thread, behind a `Mutex`.
nonisolated final class Handoff: Sendable {
    let value = Mutex<Int?>(nil)
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ValueClient {
    /// Asks for one value and logs it.
    public static func demo(
        _ client: ValueClient, key: Int,
        log: @Sendable (String) -> Void
    ) async {
        log("asking for the value of \(key)")
        log("value = \(await client.value(for: key))")
    }

    /// Asks through the blocking shim, from a synchronous entry point.
    public static func demoBlocking(
        _ client: ValueClient, key: Int,
        log: @Sendable (String) -> Void
    ) {
        log("asking for the value of \(key)")
        let value = client.blockingValue(for: key, timeout: .seconds(30))
        log("value = \(value.map { "\($0)" } ?? "none: timed out")")
    }

    /// Two tasks call a synchronous function that calls the blocking shim, at
    /// once: on a pool with two threads they hold both, and the tasks they
    /// wait for can't start. The timeout lets them go. Run it only in a child
    /// process: it blocks the pool for `timeout`.
    public static func twoBlockingCallersInTasks(
        _ client: ValueClient, timeout: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("2 tasks call a synchronous function that blocks in the shim")
        let bothStarted = DispatchGroup()
        bothStarted.enter()
        bothStarted.enter()
        let values = await withTaskGroup(of: Int?.self) { group in
            for key in [2, 3] {
                group.addTask {
                    synchronousCaller(client, key, timeout, bothStarted)
                }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        let timedOut = values.filter { $0 == nil }.count
        log("both callers returned")
        log(
            timedOut > 0
                ? "at least one timed out: no pool thread was left for its task"
                : "both got their value")
    }

    /// A synchronous entry point, as legacy code has it: it blocks its thread
    /// until both callers hold one (at most a second), then calls the shim.
    static func synchronousCaller(
        _ client: ValueClient, _ key: Int, _ timeout: Duration,
        _ bothStarted: DispatchGroup
    ) -> Int? {
        bothStarted.leave()
        _ = bothStarted.wait(timeout: .now() + 1)
        return client.blockingValue(for: key, timeout: timeout)
    }

    /// Awaits, on the main actor, a callback delivered on the main queue: the
    /// main actor is suspended, not blocked, so the callback runs.
    @MainActor
    public static func awaitOnMainForMainQueueCallback(
        log: @Sendable (String) -> Void
    ) async {
        let client = ValueClient(service: ValueService(callbackQueue: .main))
        log("main actor: awaiting a main-queue callback")
        log("value = \(await client.value(for: 7))")
    }
}
