import Dispatch
import Synchronization

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

// MARK: - Awaiting the callback; a blocking shim only at a synchronous edge

/// The caller becomes `async`: it suspends until the callback resumes it, and
/// no thread waits meanwhile.
///
/// A checked continuation is resumed exactly once, from the callback. For the
/// few synchronous entry points that can't become `async` (a C callback, a
/// synchronous protocol requirement, `main` of a command-line tool), a shim
/// blocks its thread while a task awaits. It is `noasync`: calling it from
/// async code is a compile error, because blocking a pool thread can starve
/// the very task it waits for.
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

    /// Blocks the calling thread until `value(for:)` returns. Never call it
    /// from a pool thread, nor from the thread the callback needs.
    @available(*, noasync, message: "blocks the thread; await value(for:)")
    public func blockingValue(for key: Int) -> Int {
        let result = Handoff()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await self.value(for: key)
            result.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.value.withLock { $0 }
    }
}

/// Carries the task's result to the blocked thread, behind a `Mutex`.
nonisolated final class Handoff: Sendable {
    let value = Mutex(0)
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
        log("value = \(client.blockingValue(for: key))")
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
