import Dispatch

/// Makes a callback API look synchronous: the caller's thread waits on a
/// semaphore that the callback signals.
///
/// The callback runs on another thread, so the result travels through a box
/// and the semaphore orders the write before the read. The thread is blocked
/// for the whole wait; if the callback needs that thread (the caller is the
/// main thread and the answer comes on the main queue), it never comes.
public final class ValueClient: Sendable {
    private let service: ValueService

    public init(service: ValueService) {
        self.service = service
    }

    /// Returns the service's value for `key`, blocking until it calls back.
    public func value(for key: Int) -> Int {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        service.fetchValue(for: key) { value in
            box.value = value
            done.signal()
        }
        done.wait()
        return box.value
    }
}

/// Carries the callback's result to the waiting thread.
///
/// `@unchecked Sendable`: written once by the callback before `signal()`,
/// read by the caller only after `wait()` returns; the semaphore orders them.
final class ResultBox: @unchecked Sendable {
    var value = 0
}

// MARK: - The callback API

/// A callback API: it works on its own queue and answers on `callbackQueue`.
///
/// It stands for any API you can't change that takes a completion handler
/// (a session's `getTasksWithCompletionHandler:`, a database's `read`).
public final class ValueService: Sendable {
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

// MARK: - Driver (the page's output; not part of the pattern)

extension ValueClient {
    /// Asks for one value and logs it.
    public static func demo(
        _ client: ValueClient, key: Int,
        log: @escaping @Sendable (String) -> Void
    ) {
        log("asking for the value of \(key)")
        log("value = \(client.value(for: key))")
    }

    /// Waits on the main thread for a callback delivered on the main queue:
    /// never returns (run only in a child process).
    public static func waitOnMainForMainQueueCallback(
        log: @escaping @Sendable (String) -> Void
    ) {
        let client = ValueClient(service: ValueService(callbackQueue: .main))
        log("main thread: waiting for a main-queue callback")
        log("never printed: value = \(client.value(for: 7))")
    }
    /// Two threads of the global queue call `value(for:)` at once: both get
    /// their value, since the callback comes on a queue of its own.
    public static func twoBlockingCallers(
        _ client: ValueClient, log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        log("2 threads call value(for:) at once")
        let callers = DispatchGroup()
        for key in [2, 3] {
            DispatchQueue.global().async(group: callers) {
                _ = client.value(for: key)
            }
        }
        callers.notify(queue: .global()) {
            log("both callers returned")
            log("both got their value")
            done()
        }
    }
}
