/// The condition lock becomes two streams: items go one way, "taken" comes
/// back the other, and the producer awaits each "taken" before it produces
/// again.
///
/// The producer's `await` on the acknowledgement is its
/// `lock(whenCondition: empty)`, and the consumer's `for await` over the items
/// is its `lock(whenCondition: full)`. Both suspend instead of blocking a
/// thread, and finishing the item stream ends the consumer's loop. The
/// producer checks each acknowledgement before it produces again: a `nil`
/// (cancelled, or no consumer) ends it.
public nonisolated enum HandOff {
    /// The producer: `rounds` items, each after the last one was taken. It
    /// stops when the acknowledgements end instead: the consumer is gone, or
    /// this task was cancelled (`next()` then returns `nil`).
    public static func produce(
        rounds: Int, into items: AsyncStream<Int>.Continuation,
        takenFrom acknowledgements: AsyncStream<Void>,
        log: @Sendable (String) -> Void
    ) async {
        var taken = acknowledgements.makeAsyncIterator()
        for item in 0..<rounds {
            log("P\(item)")
            items.yield(item)
            // The slot is empty again, or no one will ever empty it.
            guard await taken.next() != nil else { break }
        }
        items.finish()
    }

    /// The consumer: takes each item as it comes, then says so.
    public static func consume(
        _ items: AsyncStream<Int>,
        acknowledging taken: AsyncStream<Void>.Continuation,
        log: @Sendable (String) -> Void
    ) async {
        for await item in items {
            log("C\(item)")
            taken.yield()
        }
        taken.finish()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension HandOff {
    /// Runs the producer and the consumer as two child tasks.
    public static func run(
        rounds: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let (items, itemSink) = AsyncStream.makeStream(of: Int.self)
        let (taken, takenSink) = AsyncStream.makeStream(of: Void.self)
        await withDiscardingTaskGroup { group in
            group.addTask {
                await consume(items, acknowledging: takenSink, log: log)
            }
            group.addTask {
                await produce(
                    rounds: rounds, into: itemSink, takenFrom: taken, log: log)
            }
        }
    }
}
