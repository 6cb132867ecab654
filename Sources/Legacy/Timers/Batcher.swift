import Foundation

/// Flushes a batch at `size` items or `maxWait` after its first item: a serial
/// queue owns the buffer, a one-shot timer source the deadline.
///
/// The shape of analytics and logging SDKs that batch their uploads: a serial
/// queue owns the buffer; `add` appends and flushes at `size`; a one-shot
/// `DispatchSourceTimer`, armed by the first item of each batch, flushes after
/// `maxWait`. Each timer remembers its batch's number, so a tick that lands
/// just after a size flush can't flush the next batch early.
public final class Batcher<Item: Sendable>: @unchecked Sendable {
    private let size: Int
    private let maxWait: Duration
    private let queue: DispatchQueue
    private let flush: @Sendable ([Item]) -> Void

    // `@unchecked Sendable`: only `queue` touches these four.
    private var buffer: [Item] = []
    private var batchNumber = 0
    private var timer: DispatchSourceTimer?
    private var isClosed = false

    /// `flush` runs on `queue`, one batch at a time, in order.
    public init(
        size: Int, maxWait: Duration,
        queue: DispatchQueue = DispatchQueue(label: "batcher"),
        flush: @escaping @Sendable ([Item]) -> Void
    ) {
        self.size = size
        self.maxWait = maxWait
        self.queue = queue
        self.flush = flush
    }

    deinit {
        timer?.cancel()
    }

    /// Adds `item` to the current batch. Never blocks.
    public func add(_ item: Item) {
        queue.async { [self] in  // strong: an added item is never lost
            guard !isClosed else { return }
            buffer.append(item)
            if buffer.count >= size {
                sendBatch()
            } else if buffer.count == 1 {
                armTimer()
            }
        }
    }

    /// Flushes the items left, stops taking items, then calls `done`.
    public func finish(_ done: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            isClosed = true
            sendBatch()
            done()
        }
    }

    /// Drops the items left and stops taking items.
    public func cancel() {
        queue.async { [self] in
            isClosed = true
            buffer = []
            timer?.cancel()
            timer = nil
        }
    }
}

// MARK: - The timer armed by the first item, and the flush

extension Batcher {
    private func armTimer() {
        let batch = batchNumber
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + maxWait / .seconds(1))
        timer.setEventHandler { [weak self] in
            guard let self, batchNumber == batch else { return }
            sendBatch()
        }
        timer.resume()
        self.timer = timer
    }

    private func sendBatch() {
        timer?.cancel()
        timer = nil
        batchNumber += 1
        guard !buffer.isEmpty else { return }
        let batch = buffer
        buffer = []
        flush(batch)
    }
}
