import Synchronization

/// Two actors run concurrently with each other: each is its own serial
/// executor.
///
/// An actor runs one piece of its code at a time, like a serial queue, but two
/// actors never wait for each other. Here a job on actor 1 awaits a
/// continuation that a job on actor 2 resumes. Unlike the queue version, the
/// waiting job *suspends*: it holds no thread, and actor 1 is free for other
/// calls meanwhile. Never wait on a semaphore inside an actor or a task.
public nonisolated enum IndependentQueues {
    /// Actor 1 waits (at most `timeout`) for a signal that actor 2 sends;
    /// returns actor 1's result once both jobs have finished.
    public static func signalAcrossActors(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async -> String {
        let actor1 = Worker(name: "actor 1", log: log)
        let actor2 = Worker(name: "actor 2", log: log)
        return await signal(from: actor2, to: actor1, timeout: timeout)
    }

    /// A job on `waiter` waits (at most `timeout`) for a signal sent by a job
    /// on `sender`. Pass the same actor twice and it still works: the waiting
    /// job suspends, and while it is suspended the actor runs the sending job
    /// (actors are reentrant).
    public static func signal(
        from sender: Worker, to waiter: Worker, timeout: Duration
    ) async -> String {
        let signal = CrossActorSignal()
        async let result = waiter.wait(for: signal, timeout: timeout)
        await sender.send(signal)
        return await result
    }
}

// MARK: - Each serial queue becomes an actor

extension IndependentQueues {
    /// One actor standing in for one serial queue.
    public actor Worker {
        private let name: String
        private let log: @Sendable (String) -> Void

        public init(name: String, log: @escaping @Sendable (String) -> Void) {
            self.name = name
            self.log = log
        }

        /// Waits (at most `timeout`) for `signal`; returns `got signal` or
        /// `timed out`.
        public func wait(
            for signal: CrossActorSignal, timeout: Duration
        ) async -> String {
            let result =
                await signal.wait(timeout: timeout) ? "got signal" : "timed out"
            log("\(name): \(result)")
            return result
        }

        /// Sends `signal`.
        public func send(_ signal: CrossActorSignal) {
            log("\(name): sending signal")
            signal.send()
        }
    }
}

// MARK: - The semaphore becomes a one-shot signal with a timeout

/// A one-shot signal that one task sends and another awaits, with a timeout.
///
/// The waiter parks a continuation; `send()` or the timeout resumes it,
/// whichever comes first, and the `Mutex` makes sure it is resumed exactly
/// once. A send that arrives before the wait is remembered.
public nonisolated final class CrossActorSignal: Sendable {
    private typealias Waiter = CheckedContinuation<Bool, Never>

    private struct State {
        var outcome: Bool?
        var waiter: Waiter?
    }

    private let state = Mutex(State())

    public init() {}

    /// Delivers the signal (the waiter sees `true`).
    public func send() { settle(true) }

    /// Waits for the signal; `false` if `timeout` passes first.
    public func wait(timeout: Duration) async -> Bool {
        await withTaskGroup(of: Void.self) { timer in
            timer.addTask {
                // Cancelled (and so cut short) as soon as the signal has
                // arrived.
                try? await Task.sleep(for: timeout)
                self.settle(false)
            }
            let outcome = await withCheckedContinuation { waiter in
                let known = state.withLock { state in
                    if state.outcome == nil { state.waiter = waiter }
                    return state.outcome
                }
                if let known { waiter.resume(returning: known) }
            }
            timer.cancelAll()
            return outcome
        }
    }

    private func settle(_ outcome: Bool) {
        let waiter = state.withLock { state -> Waiter? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }
}
