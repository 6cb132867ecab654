/// Feeds a slow sink the newest value, one send at a time: an `AsyncStream`
/// that keeps only the newest value, drained by one task.
///
/// `submit` is synchronous and never waits: it yields into a stream whose
/// buffer holds one value (`bufferingNewest(1)`), so a value that arrives
/// while a send is in progress replaces the one waiting, and the calls keep
/// the order in which they were made, from any thread. One drain task takes
/// a value, sends it, and takes the next, so there is one send at a time and
/// the sink gets the newest value each time it is free; the last value
/// submitted is sent, unless cancelled. A value submitted while the drain
/// task waits goes straight to it; values submitted before it first waits,
/// right after creation, replace each other like any others. The sink is
/// `@concurrent`: it runs on the shared pool, in the drain task. `cancel()`
/// refuses later values, drops the waiting one and cancels the send in
/// progress; `finish()` waits for the last value.
public nonisolated final class Conflator<Value: Sendable>: Sendable {
    private let values: AsyncStream<Value>.Continuation
    private let drain: Task<Void, Never>

    /// `send` gets one value at a time, the newest one each time, at
    /// `priority` (`nil`: the priority of the code creating the conflator).
    public init(
        priority: TaskPriority? = nil,
        send: @escaping @concurrent @Sendable (Value) async -> Void
    ) {
        let (stream, values) = AsyncStream.makeStream(
            of: Value.self, bufferingPolicy: .bufferingNewest(1))
        self.values = values
        drain = Task(priority: priority) {
            for await value in stream {
                // Cancelled: the stream still hands out the value it kept.
                guard !Task.isCancelled else { break }
                await send(value)
            }
        }
    }

    deinit { values.finish() }  // the waiting value is still sent

    /// Sends `value` as soon as the sink is free, replacing a value still
    /// waiting. Returns `false` once cancelled or finished.
    @discardableResult
    public func submit(_ value: Value) -> Bool {
        if case .terminated = values.yield(value) { return false }
        return true
    }
}

// MARK: - Cancelling, and waiting for the last send

nonisolated extension Conflator {
    /// Stops taking values, drops the waiting one, and cancels the send in
    /// progress.
    public func cancel() {
        values.finish()
        drain.cancel()
    }

    /// Stops taking values and waits until the last one has been sent (or the
    /// drain task has ended after `cancel()`).
    public func finish() async {
        values.finish()
        await drain.value
    }
}
