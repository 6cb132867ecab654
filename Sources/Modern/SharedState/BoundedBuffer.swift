/// A fixed-capacity FIFO channel: `send` suspends the producer while the
/// buffer is full, `receive` suspends the consumer while it is empty.
///
/// A small actor with two lines of continuations: producers waiting for room
/// and consumers waiting for an element. Both lines are FIFO, and a new sender
/// never overtakes one that is already waiting. A waiting task holds no
/// thread, and cancelling it takes it out of its line at once: it throws
/// `CancellationError`, and its element was never added. `AsyncStream` is the
/// wrong tool here: its buffering policies (`.bufferingOldest(n)`,
/// `.bufferingNewest(n)`) never make `yield` wait, they drop elements.
public actor BoundedBuffer<Element: Sendable> {
    private typealias Sender = (
        id: Int, element: Element, resume: CheckedContinuation<Void, any Error>
    )
    private typealias Receiver = (
        id: Int, resume: CheckedContinuation<Element?, any Error>
    )

    private var items: [Element] = []
    private var senders: [Sender] = []
    private var receivers: [Receiver] = []
    private var nextID = 0
    private var isFinished = false

    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0, "a bounded buffer needs room for one item")
        self.capacity = capacity
    }

    /// The number of elements waiting to be received.
    public var count: Int { items.count }
    /// The number of producers suspended in `send`.
    public var waitingSenders: Int { senders.count }
    /// The number of consumers suspended in `receive`.
    public var waitingReceivers: Int { receivers.count }

    /// Sending after `finish()` is a programming error.
    public struct Finished: Error {}

    /// No more sends: receivers get `nil` once the buffer is empty.
    public func finish() {
        isFinished = true
        if items.isEmpty, senders.isEmpty {
            for receiver in receivers { receiver.resume.resume(returning: nil) }
            receivers.removeAll()
        }
    }
}

// MARK: - Sending: wait for room

extension BoundedBuffer {
    /// Appends `element`, suspending while the buffer is full. Throws
    /// `CancellationError` (the element was not added) if the task is
    /// cancelled before or while it waits.
    public func send(_ element: Element) async throws {
        try Task.checkCancellation()
        guard !isFinished else { throw Finished() }
        if !receivers.isEmpty {
            receivers.removeFirst().resume.resume(returning: element)
        } else if items.count < capacity, senders.isEmpty {
            items.append(element)
        } else {
            let id = takeID()
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<Void, any Error>) in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        senders.append((id, element, continuation))
                    }
                }
            } onCancel: {
                Task { await self.cancelSender(id) }
            }
        }
    }

    private func cancelSender(_ id: Int) {
        // Not found: the element was already let in, and `send` returned.
        guard let index = senders.firstIndex(where: { $0.id == id }) else {
            return
        }
        senders.remove(at: index).resume.resume(throwing: CancellationError())
    }

    private func takeID() -> Int {
        nextID += 1
        return nextID
    }
}

// MARK: - Receiving: wait for an element, let a waiting sender in

extension BoundedBuffer {
    /// Removes the oldest element, suspending while the buffer is empty;
    /// returns `nil` once the buffer is finished and empty. Throws
    /// `CancellationError` if the task is cancelled before or while it waits.
    public func receive() async throws -> Element? {
        try Task.checkCancellation()
        if !items.isEmpty {
            let element = items.removeFirst()
            if !senders.isEmpty {
                // The oldest waiting sender takes the freed slot.
                let sender = senders.removeFirst()
                items.append(sender.element)
                sender.resume.resume()
            }
            return element
        }
        if isFinished { return nil }
        let id = takeID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    receivers.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelReceiver(id) }
        }
    }

    private func cancelReceiver(_ id: Int) {
        // Not found: an element was already handed over.
        guard let index = receivers.firstIndex(where: { $0.id == id }) else {
            return
        }
        receivers.remove(at: index).resume.resume(
            throwing: CancellationError())
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension BoundedBuffer where Element == Int {
    /// One producer task sends 1...count as fast as it can; the consumer (the
    /// caller) waits `consumerDelay` before each receive, so the buffer fills
    /// up and the producer is held back. Returns the highest count the
    /// consumer saw before a receive.
    public static func slowConsumer(
        capacity: Int, count: Int, consumerDelay: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> Int {
        let buffer = BoundedBuffer<Int>(capacity: capacity)
        return try await withThrowingTaskGroup { group in
            group.addTask {
                for item in 1...count { try await buffer.send(item) }
                await buffer.finish()
            }
            var highWaterMark = 0
            for _ in 1...count {
                try await Task.sleep(for: consumerDelay)
                highWaterMark = max(highWaterMark, await buffer.count)
                guard let item = try await buffer.receive() else { break }
                log("received \(item)")
            }
            try await group.waitForAll()
            return highWaterMark
        }
    }

    /// `producers` tasks each send `perProducer` items (producer × 1,000 +
    /// index) while the caller receives them all. Returns what it received.
    public static func manyProducers(
        capacity: Int, producers: Int, perProducer: Int
    ) async throws -> [Int] {
        let buffer = BoundedBuffer<Int>(capacity: capacity)
        return try await withThrowingTaskGroup { group in
            for producer in 0..<producers {
                group.addTask {
                    for index in 0..<perProducer {
                        try await buffer.send(producer * 1000 + index)
                    }
                }
            }
            var received: [Int] = []
            for _ in 0..<producers * perProducer {
                guard let item = try await buffer.receive() else { break }
                received.append(item)
            }
            try await group.waitForAll()
            return received
        }
    }
}
