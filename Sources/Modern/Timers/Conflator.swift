/// Feeds a slow sink the newest value, one send at a time: an actor with a
/// pending value and one drain task.
///
/// An actor holds the `pending` value and at most one drain task, which sends,
/// takes `pending`, and sends again until nothing is pending. The first value
/// goes straight to the drain task, so the sink always sees it. `submit` never
/// suspends on the sink: the sink is `@concurrent`, so it runs off the actor
/// and submitters only wait for the actor itself. `cancel()` drops the pending
/// value and cancels the drain task: the send in progress sees the
/// cancellation, and nothing is sent after it. `finish()` waits for the last
/// value.
public actor Conflator<Value: Sendable> {
    private let send: @concurrent @Sendable (Value) async -> Void
    private var pending: Value?
    private var drain: Task<Void, Never>?
    private var isClosed = false

    /// `send` gets one value at a time, the newest one each time.
    public init(send: @escaping @concurrent @Sendable (Value) async -> Void) {
        self.send = send
    }

    /// Sends `value` now if idle, else makes it the pending value (dropping
    /// the one it replaces). Returns `false` once cancelled or finished.
    @discardableResult
    public func submit(_ value: Value) -> Bool {
        guard !isClosed else { return false }
        guard drain == nil else {
            pending = value
            return true
        }
        drain = Task { await self.drain(first: value) }
        return true
    }
}

// MARK: - Cancelling, and the drain task

extension Conflator {
    /// Stops taking values, drops the pending one, and cancels the send in
    /// progress.
    public func cancel() {
        isClosed = true
        pending = nil
        drain?.cancel()
    }

    /// Stops taking values and waits until the last one has been sent (or the
    /// drain task has ended after `cancel()`).
    public func finish() async {
        isClosed = true
        await drain?.value
    }

    /// Whether a drain task is running.
    public var isDraining: Bool { drain != nil }

    private func drain(first: Value) async {
        var next: Value? = first
        while let value = next, !Task.isCancelled {
            await send(value)
            next = pending
            pending = nil
        }
        drain = nil
    }
}
