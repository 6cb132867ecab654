import Foundation

/// A pool of at most `maximumCount` reusable elements (database connections,
/// parsers), created on demand, with a drain barrier that waits until none is
/// in use.
///
/// The shape of GRDB's `Pool`: a semaphore counts the free slots, a group
/// counts the users, and a concurrent queue lets check-outs overlap while a
/// `.barrier` block keeps the drain alone. A check-out blocks its thread while
/// all elements are in use; nothing can cancel that wait.
public final class ResourcePool<Element>: @unchecked Sendable {
    // `@unchecked Sendable`: `idle` and `createdCount` are only touched on
    // `contentQueue`; the semaphore, group and queues are thread-safe.
    private let makeElement: () -> Element
    private let freeSlots: DispatchSemaphore
    private let users = DispatchGroup()
    private let barrierQueue = DispatchQueue(
        label: "pool.barrier", attributes: .concurrent)
    private let contentQueue = DispatchQueue(label: "pool.content")
    private var idle: [Element] = []
    private var created = 0

    public let maximumCount: Int

    public init(maximumCount: Int, makeElement: @escaping () -> Element) {
        self.maximumCount = maximumCount
        self.makeElement = makeElement
        freeSlots = DispatchSemaphore(value: maximumCount)
    }

    /// How many elements the pool has created so far.
    public var createdCount: Int { contentQueue.sync { created } }
}

// MARK: - Checking out and in

extension ResourcePool {
    /// Runs `body` with an element, blocking while all are in use; the element
    /// goes back to the pool when `body` returns or throws.
    public func use<T>(_ body: (Element) throws -> T) rethrows -> T {
        let element = checkOut()
        defer { checkIn(element) }
        return try body(element)
    }
}

// MARK: - Draining: wait until none is in use, hold off check-outs

extension ResourcePool {
    /// Runs `body` once no element is in use; check-outs that come later wait
    /// until it returns.
    public func drain<T>(_ body: () throws -> T) rethrows -> T {
        try barrierQueue.sync(flags: .barrier) {
            users.wait()
            return try body()
        }
    }
}

// MARK: - Waiting for a slot: a semaphore, a group, a serial queue

extension ResourcePool {
    private func checkOut() -> Element {
        barrierQueue.sync {
            freeSlots.wait()
            users.enter()
            return contentQueue.sync {
                if let element = idle.popLast() { return element }
                created += 1
                return makeElement()
            }
        }
    }

    private func checkIn(_ element: Element) {
        contentQueue.sync { idle.append(element) }
        freeSlots.signal()
        users.leave()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// Counts the elements in use, as the users see them.
private final class UseTally: @unchecked Sendable {
    // `@unchecked Sendable`: every field is only touched while holding `lock`.
    private let lock = NSLock()
    private var inUse = 0
    private(set) var maxInUse = 0
    private(set) var drainFoundIdle = true

    func enter() {
        lock.withLock {
            inUse += 1; maxInUse = max(maxInUse, inUse)
        }
    }
    func leave() { lock.withLock { inUse -= 1 } }
    func draining() {
        lock.withLock { drainFoundIdle = drainFoundIdle && inUse == 0 }
    }
    var snapshot: (maxInUse: Int, drainFoundIdle: Bool) {
        lock.withLock { (maxInUse, drainFoundIdle) }
    }
}

extension ResourcePool where Element == Int {
    /// `users` threads each use an element for `work`, and one more thread
    /// drains the pool once half of them have started. Returns the most
    /// elements in use at once, the number created, and whether the drain
    /// found none in use.
    public static func busyPool(
        maximumCount: Int, users: Int, work: Duration,
        log: @escaping @Sendable (String) -> Void
    ) -> (maxInUse: Int, created: Int, drainFoundIdle: Bool) {
        let tally = UseTally()
        let pool = ResourcePool<Int>(maximumCount: maximumCount) { 0 }
        let done = DispatchSemaphore(value: 0)
        let half = DispatchSemaphore(value: 0)
        for user in 0..<users {
            Thread.detachNewThread {
                if user == users / 2 { half.signal() }
                pool.use { _ in
                    tally.enter()
                    Thread.sleep(forTimeInterval: work / .seconds(1))
                    tally.leave()
                }
                done.signal()
            }
        }
        half.wait()
        pool.drain { tally.draining() }
        let idle = tally.snapshot.drainFoundIdle
        log(idle ? "drained with none in use" : "drained while in use")
        for _ in 0..<users { done.wait() }
        log("\(users) users done")
        let (maxInUse, drainFoundIdle) = tally.snapshot
        return (maxInUse, pool.createdCount, drainFoundIdle)
    }
}
