/// Coalesces "needs update" requests made on the main actor into one flush
/// in a later main-actor job.
///
/// The type is `@MainActor`, so the dirty flag and the pending reasons need no
/// queue discipline, and a caller elsewhere must `await` (the compiler checks
/// what the legacy `dispatchPrecondition` checked at run time). The first
/// request schedules one `Task { @MainActor in … }`: it cannot start before
/// the current main-actor job (the caller) returns, so it sees every request
/// made before it. The flag is cleared before `flush` runs, so a request made
/// during or after the flush schedules exactly one more. The task keeps the
/// coalescer alive until it has flushed.
@MainActor
public final class UpdateCoalescer {
    private var pending: [String] = []
    private var flushScheduled = false
    private let flush: @MainActor ([String]) -> Void

    /// `flush` is called on the main actor with the reasons, in request
    /// order.
    public init(flush: @escaping @MainActor ([String]) -> Void) {
        self.flush = flush
    }

    /// Records a request; the first since the last flush schedules the
    /// flush.
    public func setNeedsUpdate(_ reason: String) {
        pending.append(reason)
        guard !flushScheduled else { return }
        flushScheduled = true
        Task { @MainActor in self.flushNow() }
    }

    private func flushNow() {
        flushScheduled = false
        let batch = pending
        pending = []
        flush(batch)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension UpdateCoalescer {
    /// Five requests in one main-actor job, then one request after the first
    /// flush; returns after the second flush.
    public static func fiveThenOne(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (flushed, flushedOne) = AsyncStream.makeStream(of: Void.self)
        var flushes = 0
        let coalescer = UpdateCoalescer { batch in
            flushes += 1
            log("flush \(flushes): \(batch.joined(separator: ", "))")
            flushedOne.yield()
        }
        var iterator = flushed.makeAsyncIterator()
        request(1...5, from: coalescer, log: log)
        await iterator.next()
        request(6...6, from: coalescer, log: log)
        await iterator.next()
    }

    private static func request(
        _ numbers: ClosedRange<Int>, from coalescer: UpdateCoalescer,
        log: @escaping @Sendable (String) -> Void
    ) {
        for number in numbers {
            coalescer.setNeedsUpdate("request \(number)")
        }
        log("caller returns after request \(numbers.upperBound)")
    }
}
