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

    public let maximumCount: Int
    /// How many elements the pool has created so far.
    public private(set) var createdCount = 0
    /// How many elements are checked out.
    public private(set) var inUseCount = 0
    /// How many check-outs and drains are waiting.
    public var waitingCount: Int { line.count }

    public init(
        maximumCount: Int,
        makeElement: @escaping @concurrent @Sendable () async throws -> Element
    ) {
        self.maximumCount = maximumCount
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

    private func checkOut() async throws -> Element {
        try await waitForTurn(isDrain: false)
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
        idle.append(element)
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

    private func waitForTurn(isDrain: Bool) async throws {
        try Task.checkCancellation()
        if line.isEmpty, canEnter(isDrain: isDrain) {
            return enter(isDrain: isDrain)
        }
        nextID += 1
        let id = nextID
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

    private func cancelWaiter(_ id: Int) {
        // Not found: its turn already came, and it holds a slot it will return.
        guard let index = line.firstIndex(where: { $0.id == id }) else {
            return
        }
        line.remove(at: index).resume.resume(throwing: CancellationError())
        letWaitersIn()  // a cancelled drain may have held up check-outs
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
