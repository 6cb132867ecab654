import Foundation

/// A fixed-capacity FIFO buffer: `put` blocks the producer's thread while the
/// buffer is full, `take` blocks the consumer's thread while it is empty.
///
/// The counting-semaphore shape of CocoaLumberjack's queue of log messages:
/// one semaphore counts free slots (the producer waits on it, the consumer
/// signals it), another counts filled slots, and a lock guards the array. A
/// waiting producer holds a whole thread, and nothing can cancel its wait: the
/// only way out is a timeout (`put(_:timeout:)`), which takes no slot.
public final class BoundedBuffer<Element>: @unchecked Sendable {
    // `@unchecked Sendable`: `items` is only touched while holding `lock`.
    private let lock = NSLock()
    private var items: [Element] = []
    private let freeSlots = DispatchSemaphore(value: 0)
    private let filledSlots = DispatchSemaphore(value: 0)

    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0, "a bounded buffer needs room for one item")
        self.capacity = capacity
        // Created at 0 and signalled up to `capacity`: a semaphore released
        // below its initial value traps ("Semaphore object deallocated while
        // in use"), so a buffer dropped while it still holds items would crash.
        for _ in 0..<capacity { freeSlots.signal() }
    }

    /// The number of elements waiting to be taken.
    public var count: Int { lock.withLock { items.count } }

    private func append(_ element: Element) {
        lock.withLock { items.append(element) }
        filledSlots.signal()
    }
}

// MARK: - Sending: wait for a free slot

extension BoundedBuffer {
    /// Appends `element`, blocking while the buffer is full.
    public func put(_ element: Element) {
        freeSlots.wait()
        append(element)
    }

    /// Appends `element` unless the buffer stays full until `timeout`; a
    /// timed-out put took no slot and left the buffer as it was.
    public func put(_ element: Element, timeout: DispatchTime) -> Bool {
        guard freeSlots.wait(timeout: timeout) == .success else { return false }
        append(element)
        return true
    }
}

// MARK: - Receiving: wait for an element, free its slot

extension BoundedBuffer {
    /// Removes the oldest element, blocking while the buffer is empty.
    public func take() -> Element {
        filledSlots.wait()
        let element = lock.withLock { items.removeFirst() }
        freeSlots.signal()
        return element
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension BoundedBuffer where Element == Int {
    /// One producer thread puts 1...count as fast as it can; the consumer (the
    /// caller's thread) waits `consumerDelay` before each take, so the buffer
    /// fills up and the producer is held back. Returns the highest count the
    /// consumer saw before a take.
    public static func slowConsumer(
        capacity: Int, count: Int, consumerDelay: Duration,
        log: @escaping @Sendable (String) -> Void
    ) -> Int {
        let buffer = BoundedBuffer<Int>(capacity: capacity)
        let producerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for item in 1...count { buffer.put(item) }
            producerDone.signal()
        }
        var highWaterMark = 0
        for _ in 1...count {
            Thread.sleep(forTimeInterval: consumerDelay / .seconds(1))
            highWaterMark = max(highWaterMark, buffer.count)
            log("received \(buffer.take())")
        }
        producerDone.wait()
        return highWaterMark
    }

    /// `producers` threads each put `perProducer` items (producer × 1,000 +
    /// index) while the caller's thread takes them all. Returns what it took.
    public static func manyProducers(
        capacity: Int, producers: Int, perProducer: Int
    ) -> [Int] {
        let buffer = BoundedBuffer<Int>(capacity: capacity)
        let producersDone = DispatchSemaphore(value: 0)
        for producer in 0..<producers {
            Thread.detachNewThread {
                for index in 0..<perProducer {
                    buffer.put(producer * 1000 + index)
                }
                producersDone.signal()
            }
        }
        let taken = (0..<producers * perProducer).map { _ in buffer.take() }
        for _ in 0..<producers { producersDone.wait() }
        return taken
    }
}
