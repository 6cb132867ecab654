/// Many callers, one load per key: an actor that keeps, per key, the running
/// load and a continuation per waiter.
///
/// The first request for a key starts the load task and stores it with its
/// continuation, *before* any `await`; requests that arrive while it runs add
/// their continuation to the same entry. When the load ends, the entry is
/// removed and every waiter gets the result, so a later request loads afresh.
/// Put an `await` between the lookup and the insertion (a disk-cache check, a
/// log call on another actor) and the actor lets a second caller through the
/// gap: two loads start. A waiter whose task is cancelled leaves at once with
/// `CancellationError`, and the load goes on for the others; when the last
/// waiter leaves, the load is cancelled and the entry removed. The loader is
/// `@concurrent`: it runs off the actor, so decoding one key's result does not
/// hold up the callers of every other key.
public actor RequestCoalescer<Key: Hashable & Sendable, Value: Sendable> {
    private struct Load {
        let id: Int
        let task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<Value, any Error>]
    }

    private let load: @concurrent @Sendable (Key) async throws -> Value
    private let log: @Sendable (String) -> Void
    private var inFlight: [Key: Load] = [:]
    private var nextID = 0

    public init(
        log: @escaping @Sendable (String) -> Void = { _ in },
        load: @escaping @concurrent @Sendable (Key) async throws -> Value
    ) {
        self.log = log
        self.load = load
    }
}

// MARK: - Asking for a value: join the running load, or start one

extension RequestCoalescer {
    /// The value of `key`, from the load that is running for it or from a new
    /// one. Throws `CancellationError` at once if the caller is cancelled.
    public func value(for key: Key) async throws -> Value {
        let waiter = makeID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else if inFlight[key] != nil {
                    inFlight[key]!.waiters[waiter] = continuation
                    log("joined \(key)")
                } else {
                    start(key, for: waiter, continuation)
                }
            }
        } onCancel: {
            // Runs on the cancelling thread: hop onto the actor. It gets
            // there after the continuation is stored (the actor is busy
            // until then), or after the load ended (nothing to withdraw).
            Task { await self.withdraw(waiter, from: key) }
        }
    }

    private func start(
        _ key: Key, for waiter: Int,
        _ continuation: CheckedContinuation<Value, any Error>
    ) {
        let id = makeID()
        let task = Task { [load] in
            let result: Result<Value, any Error>
            do { result = .success(try await load(key)) } catch {
                result = .failure(error)
            }
            self.finish(key, id, with: result)
        }
        inFlight[key] = Load(
            id: id, task: task, waiters: [waiter: continuation])
        log("load started \(key)")
    }

    private func finish(
        _ key: Key, _ id: Int, with result: Result<Value, any Error>
    ) {
        // A load cancelled when its last waiter left may have been replaced.
        guard inFlight[key]?.id == id else { return }
        let load = inFlight.removeValue(forKey: key)!
        for continuation in load.waiters.values {
            continuation.resume(with: result)
        }
    }

    private func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

// MARK: - Cancelling one request: the load goes on for the others

extension RequestCoalescer {
    /// Resumes a cancelled waiter with `CancellationError`; cancels the load
    /// when no waiter is left.
    private func withdraw(_ waiter: Int, from key: Key) {
        guard
            let continuation = inFlight[key]?.waiters.removeValue(
                forKey: waiter)
        else { return }  // the load already ended
        continuation.resume(throwing: CancellationError())
        guard let load = inFlight[key], load.waiters.isEmpty else { return }
        inFlight[key] = nil
        load.task.cancel()
        log("load cancelled \(key)")
    }

    /// Cancels the load of `key` for every waiter: each gets
    /// `CancellationError` at once, and the next request starts a fresh load.
    ///
    /// For code that knows the value is no longer wanted (a sign-out, an item
    /// deleted). The load's task is cancelled; a loader that ignores it and
    /// finishes anyway delivers nowhere, since `finish` checks the load's id:
    /// a late end cannot clear the entry of a load started after this call.
    public func cancelLoad(for key: Key) {
        guard let load = inFlight.removeValue(forKey: key) else { return }
        load.task.cancel()
        for continuation in load.waiters.values {
            continuation.resume(throwing: CancellationError())
        }
        log("load cancelled \(key)")
    }
}

// MARK: - Or let an urgent caller raise the load

extension RequestCoalescer {
    /// `value(for:)`, with the load raised to this caller's priority when it
    /// joins, and again whenever the caller is escalated while it waits.
    ///
    /// A waiter awaits a continuation, not the load's task, so the runtime
    /// passes no priority on: a load a `.background` prefetch started stays
    /// there when an urgent caller joins it. This passes it on by hand, as a
    /// QoS override did: `escalatePriority(to:)` raises the load now, and
    /// `withTaskPriorityEscalationHandler` hears a later escalation of the
    /// caller (a more urgent task awaiting it) and forwards it to the load.
    /// Escalation only raises, and a load stays raised until it ends.
    public func urgentValue(for key: Key) async throws -> Value {
        inFlight[key]?.task.escalatePriority(to: Task.currentPriority)
        return try await withTaskPriorityEscalationHandler {
            try await value(for: key)
        } onPriorityEscalated: { _, raised in
            // Runs on the escalating thread, synchronously: hop onto the
            // actor to find the load.
            Task(priority: raised) { await self.raiseLoad(of: key, to: raised) }
        }
    }

    private func raiseLoad(of key: Key, to priority: TaskPriority) {
        guard let load = inFlight[key] else { return }  // it has ended
        load.task.escalatePriority(to: priority)
        log("load raised \(key)")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RequestCoalescer {
    /// Whether a load for `key` is running.
    public func isLoading(_ key: Key) -> Bool {
        inFlight[key] != nil
    }
}
