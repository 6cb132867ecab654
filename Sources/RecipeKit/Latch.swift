/// A one-way gate for drivers: `open()` once, and every `wait()` (before or after) returns.
///
/// Waiting ignores cancellation, unlike a loop over an `AsyncStream`, which ends as soon as its
/// task is cancelled. A driver that pauses a worker "until the controller has asked for the exit"
/// needs exactly that: the exit request is a cancellation, and the pause must outlast it.
public final class Latch: Sendable {
    private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    public init() {}

    /// Suspends until the latch is open.
    public func wait() async {
        await withCheckedContinuation { waiter in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(waiter) }
                return state.isOpen
            }
            if isOpen { waiter.resume() }
        }
    }

    /// Opens the latch and resumes everyone waiting.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
