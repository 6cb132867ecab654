/// Flushes a batch at `size` items or `maxWait` after its first item: one
/// consumer task reads a stream of items and deadlines.
///
/// One consumer task reads one `AsyncStream` of events: the items, and the
/// deadlines. The first item of a batch starts a timer task that sleeps until
/// `maxWait` later on an injected clock and then yields a deadline event
/// naming its batch, so "N items" and "time is up" race inside one loop and
/// need no lock. A size flush cancels the timer; a deadline for a batch that
/// is already gone is ignored. Finishing the stream flushes what is left.
/// swift-async-algorithms' `chunks(ofCount:or:)` is the library answer.
public nonisolated final class Batcher<Item: Sendable, C: Clock>: Sendable
where C.Duration == Duration {
    private enum Event: Sendable {
        case item(Item)
        case deadline(batch: Int)
    }

    private let events: AsyncStream<Event>.Continuation
    private let consumer: Task<Void, Never>

    /// `flush` gets one batch at a time, in order, on the consumer task.
    public init(
        size: Int, maxWait: Duration, clock: C,
        flush: @escaping @Sendable ([Item]) async -> Void
    ) {
        let (stream, events) = AsyncStream.makeStream(of: Event.self)
        self.events = events
        consumer = Task {
            await Self.consume(
                stream, events: events, size: size, maxWait: maxWait,
                clock: clock, flush: flush)
        }
    }

    deinit {
        events.finish()  // the consumer flushes what is left, then ends
    }

    /// Adds `item` to the current batch. Never suspends.
    public func add(_ item: Item) {
        events.yield(.item(item))
    }

    /// Flushes the items left, stops taking items, and waits for the flush.
    public func finish() async {
        events.finish()
        await consumer.value
    }

    /// Drops the items left, stops taking items, and cancels the flush in
    /// progress and the timer.
    public func cancel() {
        consumer.cancel()
    }
}

// MARK: - The loop: items and deadlines race in one stream

nonisolated extension Batcher {
    /// Reads items and deadlines until the stream finishes or the task is
    /// cancelled; flushes at `size` items or at the batch's deadline.
    private static func consume(
        _ stream: AsyncStream<Event>, events: AsyncStream<Event>.Continuation,
        size: Int, maxWait: Duration, clock: C,
        flush: @Sendable ([Item]) async -> Void
    ) async {
        var buffer: [Item] = []
        var batch = 0
        var timer: Task<Void, Never>?
        for await event in stream {
            // Cancelled: the stream still hands out what it buffered.
            guard !Task.isCancelled else { break }
            switch event {
            case .item(let item):
                buffer.append(item)
                if buffer.count == 1, size > 1 {
                    let (due, number) = (
                        clock.now.advanced(by: maxWait), batch
                    )
                    timer = Task {
                        do {
                            try await clock.sleep(
                                until: due, tolerance: nil)
                        } catch { return }  // cancelled: the batch went
                        events.yield(.deadline(batch: number))
                    }
                }
                guard buffer.count >= size else { continue }
            case .deadline(let number):
                guard number == batch else { continue }  // a late tick
            }
            timer?.cancel()
            batch += 1
            let full = buffer
            buffer = []
            await flush(full)
        }
        timer?.cancel()  // finished or cancelled: no deadline can come
        if !Task.isCancelled, !buffer.isEmpty { await flush(buffer) }
    }
}

nonisolated extension Batcher where C == ContinuousClock {
    /// A batcher on the continuous clock.
    public convenience init(
        size: Int, maxWait: Duration,
        flush: @escaping @Sendable ([Item]) async -> Void
    ) {
        self.init(
            size: size, maxWait: maxWait, clock: ContinuousClock(), flush: flush
        )
    }
}
