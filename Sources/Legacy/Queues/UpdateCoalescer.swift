import Foundation

/// Coalesces "needs update" requests made on the main queue into one flush on
/// a later turn of the main queue.
///
/// The first request of a turn sets a dirty flag and posts one flush block;
/// the requests after it only add their reason. The flush runs once the
/// current main-queue block (the caller) has returned, and sees every request
/// made before it. It clears the flag before calling `flush`, so a request
/// made during or after the flush schedules exactly one more. The posted block
/// keeps the coalescer alive until it has flushed. Every property
/// is main-queue state; `dispatchPrecondition` traps a call from elsewhere.
public final class UpdateCoalescer: @unchecked Sendable {
    // @unchecked Sendable: `pending`, `flushScheduled` and `flush` are touched
    // only on the main queue (checked by `dispatchPrecondition`); the posted
    // block must capture `self`, which needs Sendable.
    private var pending: [String] = []
    private var flushScheduled = false
    private let flush: ([String]) -> Void

    /// `flush` is called on the main queue with the reasons, in request
    /// order.
    public init(flush: @escaping ([String]) -> Void) {
        self.flush = flush
    }

    /// Records a request; the first of a turn schedules the flush. Call it
    /// on the main queue.
    public func setNeedsUpdate(_ reason: String) {
        dispatchPrecondition(condition: .onQueue(.main))
        pending.append(reason)
        guard !flushScheduled else { return }
        flushScheduled = true
        DispatchQueue.main.async { self.flushNow() }  // keeps self until then
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
    /// Five requests in one main-queue turn, then one request after the first
    /// flush. Call it on the main queue; `completion` runs there after the
    /// second flush.
    public static func fiveThenOne(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        dispatchPrecondition(condition: .onQueue(.main))
        var flushes = 0
        let coalescer = UpdateCoalescer { batch in
            flushes += 1
            log("flush \(flushes): \(batch.joined(separator: ", "))")
            if flushes == 2 { completion() }
        }
        request(1...5, from: coalescer, log: log)
        DispatchQueue.main.async {  // a later turn, after the first flush
            request(6...6, from: coalescer, log: log)
        }
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
