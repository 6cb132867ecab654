import Synchronization

/// A one-way wake-up between tasks, built on a continuation: the modern counterpart of a
/// semaphore that one thread signals and another waits on.
///
/// `wait()` suspends the task (it does not block a thread) until `signal()` resumes its
/// continuation; a signal that arrives first is remembered, as a semaphore's count is.
final class AsyncSignal: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var pending = 0
    }

    private let state = Mutex(State())

    /// Wakes the waiting task, or lets the next `wait()` return at once.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.pending += 1
            return nil
        }
        waiter?.resume()
    }

    /// Suspends until a signal arrives (or returns at once if one is pending).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.pending > 0 {
                    state.pending -= 1
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
