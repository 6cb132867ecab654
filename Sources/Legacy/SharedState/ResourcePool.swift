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
    private var waiting = 0
    private var closed = false

    public let maximumCount: Int
    /// How many check-outs may wait at once; one more is refused.
    public let maximumWaiting: Int

    public init(
        maximumCount: Int, maximumWaiting: Int = .max,
        makeElement: @escaping () -> Element
    ) {
        self.maximumCount = maximumCount
        self.maximumWaiting = maximumWaiting
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
        contentQueue.sync { if !closed { idle.append(element) } }
        freeSlots.signal()
        users.leave()
    }
}

// MARK: - Giving up: a deadline on the wait, a bounded line, close()

/// Why a check-out failed.
public enum PoolError: Error, Sendable, Equatable {
    /// The deadline passed while the check-out waited.
    case timedOut
    /// `maximumWaiting` check-outs were already waiting.
    case lineFull
    /// The pool was closed.
    case closed
}

extension ResourcePool {
    /// Runs `body` with an element, waiting at most `timeout` for one; the
    /// deadline covers the wait, not the use. Throws `PoolError.timedOut`
    /// when it passes first, `.lineFull` at once when `maximumWaiting`
    /// check-outs already wait, `.closed` once the pool is closed.
    public func use<T>(
        timeout: Duration, _ body: (Element) throws -> T
    ) throws -> T {
        let element = try checkOut(timeout: timeout)
        defer { checkIn(element) }
        return try body(element)
    }

    /// Fails every later check-out with `PoolError.closed`, and drops the
    /// idle elements.
    ///
    /// A semaphore can't fail its waiters: a check-out waiting with a
    /// deadline finds the pool closed only when it wakes, as a slot frees or
    /// its deadline passes, and then passes the slot on. A plain `use` can't
    /// throw, and goes on as before.
    public func close() {
        contentQueue.sync {
            closed = true
            idle = []
        }
    }

    /// How many check-outs are waiting for a slot.
    public var waitingCount: Int { contentQueue.sync { waiting } }

    private func checkOut(timeout: Duration) throws -> Element {
        try barrierQueue.sync {
            if contentQueue.sync(execute: { closed }) {
                throw PoolError.closed
            }
            if freeSlots.wait(timeout: .now()) == .timedOut {
                try contentQueue.sync {
                    guard waiting < maximumWaiting else {
                        throw PoolError.lineFull
                    }
                    waiting += 1
                }
                let nanoseconds = Int(timeout / .nanoseconds(1))
                let result = freeSlots.wait(
                    timeout: .now() + .nanoseconds(nanoseconds))
                contentQueue.sync { waiting -= 1 }
                if result == .timedOut { throw PoolError.timedOut }
            }
            if contentQueue.sync(execute: { closed }) {
                freeSlots.signal()  // pass the slot on to the next waiter
                throw PoolError.closed
            }
            users.enter()
            return contentQueue.sync {
                if let element = idle.popLast() { return element }
                created += 1
                return makeElement()
            }
        }
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

/// One user's outcome, set on its thread and read by the driver.
private final class Outcome: @unchecked Sendable {
    // `@unchecked Sendable`: `text` is written before `done` is signalled
    // and read after the driver waited for it.
    private let done = DispatchSemaphore(value: 0)
    private var text = ""

    func set(_ body: () throws -> Void) {
        text = ResourcePool<Int>.outcome(body)
        done.signal()
    }

    var value: String {
        done.wait()
        return text
    }
}

extension ResourcePool where Element == Int {
    /// "got the element", or the error.
    fileprivate static func outcome(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "got the element"
        } catch {
            return "\(error)"
        }
    }

    /// A pool of one element and a line of at most two check-outs: a waiter
    /// gives up at its deadline while the holder keeps the element past its
    /// own, a third waiter is refused, and closing the pool fails the
    /// waiting ones and every later one.
    public static func waitsThatGiveUp(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let pool = ResourcePool<Int>(maximumCount: 1, maximumWaiting: 2) {
            0
        }
        let (holding, letGo) = (
            DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
        )
        let a = Outcome()
        Thread.detachNewThread {
            a.set {
                try pool.use(timeout: timeout) { _ in
                    holding.signal()
                    letGo.wait()
                }
            }
        }
        holding.wait()
        log("A checks out with a deadline and keeps the element")
        let b = outcome { try pool.use(timeout: timeout) { _ in } }
        log("B waits with the same deadline: \(b)")
        log("A has held the element longer than its deadline, and keeps it")
        var waiters: [Outcome] = []
        for count in 1...2 {
            let waiter = Outcome()
            waiters.append(waiter)
            Thread.detachNewThread {
                waiter.set { try pool.use(timeout: .seconds(600)) { _ in } }
            }
            while pool.waitingCount < count { sched_yield() }
        }
        let e = outcome { try pool.use(timeout: timeout) { _ in } }
        log("C and D wait; E: \(e)")
        log("closing the pool")
        pool.close()
        letGo.signal()
        _ = a.value
        log("A returns its element")
        for (name, waiter) in zip(["C", "D"], waiters) {
            log("\(name): \(waiter.value)")
        }
        let f = outcome { try pool.use(timeout: timeout) { _ in } }
        log("F: \(f)")
    }
}
