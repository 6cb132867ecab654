/// A pool of at most `maximumCount` reusable elements (database connections,
/// parsers), created on demand, with a drain that waits until none is in use.
///
/// An actor counts the slots in use and keeps one FIFO line of waiters, each
/// waiting for one slot (a check-out) or for all of them (a drain). Nobody
/// overtakes the head of the line, so a drain waiting for the last users to
/// leave holds off every check-out that came after it, and a busy pool can't
/// starve it. A waiting task holds no thread; cancelling it takes it out of
/// the line, and it has taken nothing. The slot is reserved before the first
/// `await` (creating an element), so actor reentrancy can't overfill the pool.
/// `makeElement` is `@concurrent`: opening a connection runs off the actor,
/// so it holds up no check-in or check-out meanwhile.
public actor ResourcePool<Element: Sendable> {
    private typealias Waiter = (
        id: Int, isDrain: Bool, resume: CheckedContinuation<Void, any Error>
    )

    private let makeElement: @concurrent @Sendable () async throws -> Element
    private var idle: [Element] = []
    private var line: [Waiter] = []
    private var nextID = 0
    private var isDraining = false
    private var isClosed = false

    public let maximumCount: Int
    /// How many check-outs may wait at once; one more is refused.
    public let maximumWaiting: Int
    /// How many elements the pool has created so far.
    public private(set) var createdCount = 0
    /// How many elements are checked out.
    public private(set) var inUseCount = 0
    /// How many check-outs and drains are waiting.
    public var waitingCount: Int { line.count }

    public init(
        maximumCount: Int,
        maximumWaiting: Int = .max,
        makeElement: @escaping @concurrent @Sendable () async throws -> Element
    ) {
        self.maximumCount = maximumCount
        self.maximumWaiting = maximumWaiting
        self.makeElement = makeElement
    }
}

// MARK: - Checking out and in

extension ResourcePool {
    /// Runs `body` with an element, suspending while all are in use; the
    /// element goes back to the pool when `body` returns or throws.
    public func use<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Element) async throws -> T
    ) async throws -> T {
        let element = try await checkOut()
        do {
            let result = try await body(element)
            await checkIn(element)
            return result
        } catch {
            await checkIn(element)
            throw error
        }
    }

    private func checkOut(timeout: Duration? = nil) async throws -> Element {
        try await waitForTurn(isDrain: false, timeout: timeout)
        if let element = idle.popLast() { return element }
        createdCount += 1
        do {
            return try await makeElement()
        } catch {
            createdCount -= 1
            leave(isDrain: false)
            throw error
        }
    }

    private func checkIn(_ element: Element) {
        if !isClosed { idle.append(element) }
        leave(isDrain: false)
    }
}

// MARK: - Draining: wait until none is in use, hold off check-outs

extension ResourcePool {
    /// Runs `body` once no element is in use; check-outs that come later wait
    /// until it returns.
    public func drain<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        try await waitForTurn(isDrain: true)
        do {
            let result = try await body()
            await leave(isDrain: true)
            return result
        } catch {
            await leave(isDrain: true)
            throw error
        }
    }
}

// MARK: - Waiting in line: FIFO, cancellable

extension ResourcePool {
    private func canEnter(isDrain: Bool) -> Bool {
        !isDraining && (isDrain ? inUseCount == 0 : inUseCount < maximumCount)
    }

    private func enter(isDrain: Bool) {
        if isDrain { isDraining = true } else { inUseCount += 1 }
    }

    private func waitForTurn(
        isDrain: Bool, timeout: Duration? = nil
    ) async throws {
        try Task.checkCancellation()
        if isClosed, !isDrain { throw PoolError.closed }
        if line.isEmpty, canEnter(isDrain: isDrain) {
            return enter(isDrain: isDrain)
        }
        if !isDrain, line.count(where: { !$0.isDrain }) >= maximumWaiting {
            throw PoolError.lineFull
        }
        nextID += 1
        let id = nextID
        guard let timeout else {
            return try await waitInLine(id, isDrain: isDrain)
        }
        try await waitInLine(id, isDrain: isDrain, timeout: timeout)
    }

    private func waitInLine(_ id: Int, isDrain: Bool) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    line.append((id, isDrain, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func leave(isDrain: Bool) {
        if isDrain { isDraining = false } else { inUseCount -= 1 }
        letWaitersIn()
    }

    private func letWaitersIn() {
        while let first = line.first, canEnter(isDrain: first.isDrain) {
            line.removeFirst()
            enter(isDrain: first.isDrain)
            first.resume.resume()
        }
    }

    private func cancelWaiter(
        _ id: Int, with error: any Error = CancellationError()
    ) {
        // Not found: its turn already came, and it holds a slot it will return.
        guard let index = line.firstIndex(where: { $0.id == id }) else {
            return
        }
        line.remove(at: index).resume.resume(throwing: error)
        letWaitersIn()  // a cancelled drain may have held up check-outs
    }
}

// MARK: - Giving up: a deadline on the wait, a bounded line, close()

/// Why a check-out failed without being cancelled.
public nonisolated enum PoolError: Error, Sendable, Equatable {
    /// The deadline passed while the check-out waited in line.
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
        timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Element) async throws -> T
    ) async throws -> T {
        let element = try await checkOut(timeout: timeout)
        do {
            let result = try await body(element)
            await checkIn(element)
            return result
        } catch {
            await checkIn(element)
            throw error
        }
    }

    /// Fails every waiting check-out and every later one with
    /// `PoolError.closed`, and drops the idle elements. Elements in use come
    /// back and are dropped; a drain still gets its turn.
    public func close() {
        isClosed = true
        idle = []
        let checkOuts = line.filter { !$0.isDrain }
        line.removeAll { !$0.isDrain }
        for waiter in checkOuts {
            waiter.resume.resume(throwing: PoolError.closed)
        }
        letWaitersIn()
    }

    /// Waits in the line like `waitInLine`, while a child task sleeps until
    /// the deadline and then takes this waiter out, if it is still there.
    private func waitInLine(
        _ id: Int, isDrain: Bool, timeout: Duration
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { deadline in
            deadline.addTask {
                try await Task.sleep(for: timeout)
                await self.cancelWaiter(id, with: PoolError.timedOut)
            }
            defer { deadline.cancelAll() }
            try await waitInLine(id, isDrain: isDrain)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// Counts the elements in use, as the users see them.
private actor UseTally {
    private var inUse = 0
    private(set) var maxInUse = 0
    private(set) var drainFoundIdle = true

    func enter() {
        inUse += 1
        maxInUse = max(maxInUse, inUse)
    }
    func leave() { inUse -= 1 }
    func draining() { drainFoundIdle = drainFoundIdle && inUse == 0 }
}

extension ResourcePool where Element == Int {
    /// `users` tasks each use an element for `work`, and the caller drains the
    /// pool once half of them have started. Returns the most elements in use
    /// at once, the number created, and whether the drain found none in use.
    public static func busyPool(
        maximumCount: Int, users: Int, work: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> (maxInUse: Int, created: Int, drainFoundIdle: Bool) {
        let tally = UseTally()
        let pool = ResourcePool<Int>(maximumCount: maximumCount) { 0 }
        let half = AsyncStream.makeStream(of: Void.self)
        try await withThrowingTaskGroup { group in
            for user in 0..<users {
                group.addTask {
                    if user == users / 2 { half.continuation.finish() }
                    try await pool.use { _ in
                        await tally.enter()
                        try await Task.sleep(for: work)
                        await tally.leave()
                    }
                }
            }
            for await _ in half.stream {}
            try await pool.drain { await tally.draining() }
            let idle = await tally.drainFoundIdle
            log(idle ? "drained with none in use" : "drained while in use")
            try await group.waitForAll()
        }
        log("\(users) users done")
        let (maxInUse, drainFoundIdle) = await (
            tally.maxInUse, tally.drainFoundIdle
        )
        return (maxInUse, await pool.createdCount, drainFoundIdle)
    }
}

/// A one-shot gate for the driver.
private nonisolated final class Gate: Sendable {
    private let pair = AsyncStream.makeStream(of: Void.self)
    func open() { pair.continuation.finish() }
    func wait() async { for await _ in pair.stream {} }
}

extension ResourcePool where Element == Int {
    /// Yields until `count` check-outs wait.
    private func until(waiting count: Int) async {
        while !Task.isCancelled, line.count < count { await Task.yield() }
    }

    /// A pool of one element and a line of at most two check-outs: a waiter
    /// gives up at its deadline while the holder keeps the element past its
    /// own, a third waiter is refused, and closing the pool fails the
    /// waiting ones and every later one.
    public static func waitsThatGiveUp(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let pool = ResourcePool<Int>(maximumCount: 1, maximumWaiting: 2) {
            0
        }
        let (holding, letGo) = (Gate(), Gate())
        let a = Task {
            try await pool.use(timeout: timeout) { _ in
                holding.open()
                await letGo.wait()
            }
        }
        await holding.wait()
        log("A checks out with a deadline and keeps the element")
        let b = await outcome { try await pool.use(timeout: timeout) { _ in } }
        log("B waits with the same deadline: \(b)")
        log("A has held the element longer than its deadline, and keeps it")
        var waiters: [Task<Void, any Error>] = []
        for count in 1...2 {
            waiters.append(
                Task { try await pool.use(timeout: .seconds(600)) { _ in } })
            await pool.until(waiting: count)
        }
        let e = await outcome { try await pool.use(timeout: timeout) { _ in } }
        log("C and D wait; E: \(e)")
        log("closing the pool")
        await pool.close()
        letGo.open()
        _ = await a.result
        log("A returns its element")
        for (name, waiter) in zip(["C", "D"], waiters) {
            log("\(name): \(await outcome { try await waiter.value })")
        }
        let f = await outcome { try await pool.use(timeout: timeout) { _ in } }
        log("F: \(f)")
    }

    /// "got the element", or the error.
    private static func outcome(
        _ body: () async throws -> Void
    ) async -> String {
        do {
            try await body()
            return "got the element"
        } catch {
            return "\(error)"
        }
    }
}
