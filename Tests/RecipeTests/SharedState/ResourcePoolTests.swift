import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// A one-shot gate for one waiting task.
private final class Gate: Sendable {
    private let pair = AsyncStream.makeStream(of: Void.self)
    func open() { pair.continuation.finish() }
    func wait() async { for await _ in pair.stream {} }
}

/// A modern user that holds an element until its gate opens.
/// Takes a legacy pool's only slot on a thread of its own and holds it until `letGo` is
/// signalled; `beforeReturning` runs then, still holding it, and `done` is signalled once the slot
/// is given back. Returns once the slot is held.
private func holdTheOnlySlot(
    of pool: Legacy.ResourcePool<Int>, beforeReturning: @escaping @Sendable () -> Void = {}
) -> (letGo: DispatchSemaphore, done: DispatchSemaphore) {
    let (holding, letGo, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    Thread.detachNewThread {
        pool.use { _ in
            holding.signal()
            letGo.wait()
            beforeReturning()
        }
        done.signal()
    }
    holding.wait()
    return (letGo, done)
}

private func holder(_ pool: Modern.ResourcePool<Int>, _ gate: Gate, log: Locked<[String]>? = nil, name: String = "")
    -> Task<Void, any Error>
{
    Task {
        try await pool.use { _ in
            await gate.wait()
            log?.withLock { $0.append("\(name) leaves") }
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct ResourcePoolTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    private func busyPool(_ side: Side, users: Int, work: Duration) async throws -> (
        maxInUse: Int, created: Int, drainFoundIdle: Bool
    ) {
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.ResourcePool<Int>.busyPool(maximumCount: 3, users: users, work: work, log: { _ in })
            }
        case .modern:
            try await Modern.ResourcePool<Int>.busyPool(maximumCount: 3, users: users, work: work, log: { _ in })
        }
    }

    @Test(arguments: Side.allCases)
    func twentyUsersNeverExceedThree(_ side: Side) async throws {
        let result = try await busyPool(side, users: 20, work: .milliseconds(1))
        #expect(result.maxInUse <= 3)
        #expect(result.created <= 3)
        #expect(result.drainFoundIdle)
    }

    @Test(arguments: Side.allCases)
    func hundredsOfUsersNeverExceedThree(_ side: Side) async throws {
        let result = try await busyPool(side, users: 300, work: .zero)
        #expect(result.maxInUse <= 3)
        #expect(result.created <= 3)
        #expect(result.drainFoundIdle)
    }

    @Test(arguments: Side.allCases)
    func drainWaitsForUsersAndHoldsOffCheckOuts(_ side: Side) async throws {
        let events = Locked<[String]>([])
        switch side {
        case .legacy:
            await onOwnThread {
                let pool = Legacy.ResourcePool<Int>(maximumCount: 3) { 0 }
                let (inside, release, done) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchGroup())
                done.enter()
                Thread.detachNewThread {
                    pool.use { _ in
                        inside.signal()
                        release.wait()
                        events.withLock { $0.append("A leaves") }
                    }
                    done.leave()
                }
                inside.wait()
                done.enter()
                Thread.detachNewThread {
                    pool.drain {
                        events.withLock { $0.append("drain") }
                        // A check-out that comes while the drain runs waits for it to return.
                        let bStarted = DispatchSemaphore(value: 0)
                        done.enter()
                        Thread.detachNewThread {
                            bStarted.signal()
                            pool.use { _ in events.withLock { $0.append("B") } }
                            done.leave()
                        }
                        bStarted.wait()
                        events.withLock { $0.append("drain ends") }
                    }
                    done.leave()
                }
                release.signal()
                done.wait()
            }
            #expect(events.withLock { $0 } == ["A leaves", "drain", "drain ends", "B"])
        case .modern:
            let pool = Modern.ResourcePool<Int>(maximumCount: 3) { 0 }
            let gate = Gate()
            let a = holder(pool, gate, log: events, name: "A")
            try await eventually { await pool.inUseCount == 1 }
            let drain = Task {
                try await pool.drain {
                    events.withLock { $0.append("drain") }
                    #expect(await pool.inUseCount == 0)
                    events.withLock { $0.append("drain ends") }
                }
            }
            try await eventually { await pool.waitingCount == 1 }  // 2 slots free, but A is in use
            let b = Task { try await pool.use { _ in events.withLock { $0.append("B") } } }
            try await eventually { await pool.waitingCount == 2 }  // behind the drain, though slots are free
            gate.open()
            try await a.value
            try await drain.value
            try await b.value
            #expect(events.withLock { $0 } == ["A leaves", "drain", "drain ends", "B"])
        }
    }

    @Test func modernWaitersAreServedInFIFOOrder() async throws {
        let pool = Modern.ResourcePool<Int>(maximumCount: 1) { 0 }
        let gate = Gate()
        let first = holder(pool, gate)
        try await eventually { await pool.inUseCount == 1 }
        let order = Locked<[Int]>([])
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<10 {
            waiters.append(Task { try await pool.use { _ in order.withLock { $0.append(index) } } })
            try await eventually { await pool.waitingCount == index + 1 }
        }
        gate.open()
        try await first.value
        for waiter in waiters { try await waiter.value }
        #expect(order.withLock { $0 } == Array(0..<10))
    }

    @Test func modernCancelledWaiterLosesNoElement() async throws {
        let pool = Modern.ResourcePool<Int>(maximumCount: 3) { 0 }

        // Cancelled before the call: throws at once, with slots free.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await pool.use { _ in }
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(await pool.inUseCount == 0)

        // Cancelled while waiting: throws, leaves the line, took no slot.
        let gates = (0..<3).map { _ in Gate() }
        let holders = gates.map { holder(pool, $0) }
        try await eventually { await pool.inUseCount == 3 }
        let waiting = Task { try await pool.use { _ in Issue.record("a cancelled waiter got in") } }
        try await eventually { await pool.waitingCount == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(await pool.waitingCount == 0)
        #expect(await pool.inUseCount == 3)

        // Cancelled after its turn came: it runs and returns its element.
        let late = Gate()
        let admitted = Task { try await pool.use { _ in await late.wait() } }
        try await eventually { await pool.waitingCount == 1 }
        gates[0].open()
        try await eventually { await pool.waitingCount == 0 }
        admitted.cancel()
        late.open()
        try await admitted.value
        for gate in gates { gate.open() }
        for holder in holders { try await holder.value }
        #expect(await pool.inUseCount == 0)

        // Nothing lost: three users can still hold an element at once, and none was created anew.
        let again = (0..<3).map { _ in Gate() }
        let users = again.map { holder(pool, $0) }
        try await eventually { await pool.inUseCount == 3 }
        #expect(await pool.createdCount == 3)
        for gate in again { gate.open() }
        for user in users { try await user.value }
        #expect(await pool.inUseCount == 0)
    }

    @Test func modernCancelledDrainLetsUsersIn() async throws {
        let pool = Modern.ResourcePool<Int>(maximumCount: 3) { 0 }
        let gate = Gate()
        let a = holder(pool, gate)
        try await eventually { await pool.inUseCount == 1 }
        let drain = Task { try await pool.drain { Issue.record("a cancelled drain ran") } }
        try await eventually { await pool.waitingCount == 1 }
        let b = Task { try await pool.use { _ in } }
        try await eventually { await pool.waitingCount == 2 }
        drain.cancel()
        await #expect(throws: CancellationError.self) { try await drain.value }
        try await b.value  // let in once the drain left the line, while A still holds its element
        #expect(await pool.inUseCount == 1)
        gate.open()
        try await a.value
        #expect(await pool.waitingCount == 0)
        #expect(try await pool.drain { 42 } == 42)
    }

    @Test func modernHundredsOfUsersWithCancellation() async throws {
        let pool = Modern.ResourcePool<Int>(maximumCount: 3) { 0 }
        let tally = Locked((inUse: 0, maxInUse: 0))
        var users: [Task<Bool, Never>] = []
        for index in 0..<300 {
            let user = Task {
                do {
                    try await pool.use { _ in
                        tally.withLock { $0.inUse += 1; $0.maxInUse = max($0.maxInUse, $0.inUse) }
                        await Task.yield()
                        tally.withLock { $0.inUse -= 1 }
                    }
                    return true
                } catch {
                    return false
                }
            }
            if index % 3 == 0 { user.cancel() }  // before, while waiting, or while using
            users.append(user)
        }
        var succeeded = 0
        for user in users where await user.value { succeeded += 1 }
        #expect(succeeded >= 200)
        #expect(tally.withLock { $0.maxInUse } <= 3)
        #expect(await pool.inUseCount == 0)
        #expect(await pool.waitingCount == 0)
        #expect(await pool.createdCount <= 3)
        #expect(try await pool.drain { "idle" } == "idle")
    }

    @Test func modernFailedCreationGivesTheSlotBack() async throws {
        struct Refused: Error {}
        let attempts = Locked(0)
        let pool = Modern.ResourcePool<Int>(maximumCount: 1) {
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw Refused() }
            return attempt
        }
        await #expect(throws: Refused.self) { try await pool.use { _ in } }
        #expect(await pool.inUseCount == 0)
        #expect(await pool.createdCount == 0)
        #expect(try await pool.use { $0 } == 2)
    }

    /// `makeElement` runs off the pool's actor (`@concurrent`): opening a slow connection holds up
    /// no check-in or check-out. A plain async closure stored by the actor and called from it
    /// would run on the actor.
    @Test func modernMakeElementRunsOffThePool() async throws {
        let pool = Modern.ResourcePool<Bool>(maximumCount: 1) { #isolation == nil }
        #expect(try await pool.use { $0 })
    }

    // MARK: Giving up: a deadline on the wait, a bounded line, close()

    /// The page's "waits that give up" steps, ten times on each side.
    @Test(arguments: Side.allCases)
    func waitsThatGiveUpLogTheSameSteps(_ side: Side) async {
        for _ in 0..<10 {
            let recorder = Recorder()
            switch side {
            case .legacy:
                await onOwnThread {
                    Legacy.ResourcePool<Int>.waitsThatGiveUp(timeout: .milliseconds(5), log: recorder.logger)
                }
            case .modern:
                await Modern.ResourcePool<Int>.waitsThatGiveUp(timeout: .milliseconds(5), log: recorder.logger)
            }
            #expect(
                recorder.lines == [
                    "A checks out with a deadline and keeps the element",
                    "B waits with the same deadline: timedOut",
                    "A has held the element longer than its deadline, and keeps it",
                    "C and D wait; E: lineFull",
                    "closing the pool",
                    "A returns its element",
                    "C: closed",
                    "D: closed",
                    "F: closed",
                ])
        }
    }

    /// The deadline covers the wait: a waiter that times out took no slot, and the next user gets
    /// the element; at least the timeout passed before it gave up.
    @Test(arguments: Side.allCases)
    func aTimedOutWaiterTakesNoSlot(_ side: Side) async throws {
        let timeout = Duration.milliseconds(20)
        switch side {
        case .legacy:
            let (failure, waited, created) = await onOwnThread {
                let pool = Legacy.ResourcePool<Int>(maximumCount: 1) { 0 }
                let (letGo, done) = holdTheOnlySlot(of: pool)
                let start = ContinuousClock.now
                var failure: Legacy.PoolError?
                do { try pool.use(timeout: timeout) { _ in } } catch { failure = error as? Legacy.PoolError }
                let waited = ContinuousClock.now - start
                letGo.signal()
                done.wait()
                try? pool.use(timeout: timeout) { _ in }
                return (failure, waited, pool.createdCount)
            }
            #expect(failure == .timedOut)
            #expect(waited >= timeout)
            #expect(created == 1)
        case .modern:
            let pool = Modern.ResourcePool<Int>(maximumCount: 1) { 0 }
            let gate = Gate()
            let a = holder(pool, gate)
            try await eventually { await pool.inUseCount == 1 }
            let start = ContinuousClock.now
            await #expect(throws: Modern.PoolError.timedOut) { try await pool.use(timeout: timeout) { _ in } }
            #expect(ContinuousClock.now - start >= timeout)
            #expect(await pool.waitingCount == 0)
            gate.open()
            try await a.value
            #expect(try await pool.use(timeout: timeout) { $0 } == 0)
            #expect(await pool.createdCount == 1)
            #expect(await pool.inUseCount == 0)
        }
    }

    /// A bounded line refuses one more check-out at once, and lets it in again once there is room.
    @Test(arguments: Side.allCases)
    func aFullLineRefusesAtOnce(_ side: Side) async throws {
        switch side {
        case .legacy:
            let results = await onOwnThread {
                let pool = Legacy.ResourcePool<Int>(maximumCount: 1, maximumWaiting: 1) { 0 }
                let (letGo, done) = holdTheOnlySlot(of: pool)
                Thread.detachNewThread {
                    try? pool.use(timeout: .seconds(600)) { _ in }
                    done.signal()
                }
                guard eventuallyOnThisThread({ pool.waitingCount >= 1 }) else { return ["no caller waited"] }
                var results: [String] = []
                do { try pool.use(timeout: .seconds(600)) { _ in } } catch { results.append("\(error)") }
                letGo.signal()
                done.wait()
                done.wait()
                do { try pool.use(timeout: .seconds(600)) { _ in results.append("in") } } catch {
                    results.append("\(error)")
                }
                return results
            }
            #expect(results == ["lineFull", "in"])
        case .modern:
            let pool = Modern.ResourcePool<Int>(maximumCount: 1, maximumWaiting: 1) { 0 }
            let gate = Gate()
            let a = holder(pool, gate)
            try await eventually { await pool.inUseCount == 1 }
            let b = Task { try await pool.use(timeout: .seconds(600)) { _ in } }
            try await eventually { await pool.waitingCount == 1 }
            await #expect(throws: Modern.PoolError.lineFull) { try await pool.use { _ in } }
            gate.open()
            try await a.value
            try await b.value
            #expect(try await pool.use(timeout: .seconds(600)) { _ in "in" } == "in")
        }
    }

    /// Declared difference: `close()` fails modern waiters at once, while the element is still in
    /// use; a legacy waiter finds the pool closed only when a slot frees or its deadline passes.
    @Test func modernCloseFailsEveryWaiterAtOnce() async throws {
        let pool = Modern.ResourcePool<Int>(maximumCount: 1) { 0 }
        let gate = Gate()
        let a = holder(pool, gate)
        try await eventually { await pool.inUseCount == 1 }
        let waiters = (0..<5).map { _ in Task { try await pool.use(timeout: .seconds(600)) { _ in } } }
        try await eventually { await pool.waitingCount == 5 }
        await pool.close()
        for waiter in waiters {
            await #expect(throws: Modern.PoolError.closed) { try await waiter.value }
        }
        #expect(await pool.inUseCount == 1)  // A still holds its element
        await #expect(throws: Modern.PoolError.closed) { try await pool.use { _ in } }
        gate.open()
        try await a.value
        #expect(await pool.inUseCount == 0)
        #expect(try await pool.drain { "a drain still runs" } == "a drain still runs")
    }

    /// Declared difference: a legacy `use` without a deadline can't throw, so a closed pool still
    /// hands it an element (a new one: closing dropped the idle ones); `use(timeout:)` is refused.
    @Test func legacyUseWithoutADeadlineIgnoresClose() {
        let pool = Legacy.ResourcePool<Int>(maximumCount: 1) { 7 }
        pool.use { _ in }
        pool.close()
        #expect(pool.use { $0 } == 7)
        #expect(pool.createdCount == 2)
        #expect(throws: Legacy.PoolError.closed) { try pool.use(timeout: .seconds(1)) { _ in } }
    }

    /// Declared difference: a legacy waiter finds the pool closed only when a slot frees.
    @Test func legacyCloseFailsAWaiterWhenASlotFrees() async {
        let (events, waitingAfterClose) = await onOwnThread {
            let events = Locked<[String]>([])
            let pool = Legacy.ResourcePool<Int>(maximumCount: 1) { 0 }
            let (letGo, done) = holdTheOnlySlot(of: pool) { events.withLock { $0.append("A returns") } }
            for _ in 0..<3 {
                Thread.detachNewThread {
                    do { try pool.use(timeout: .seconds(600)) { _ in } } catch {
                        events.withLock { $0.append("\(error)") }
                    }
                    done.signal()
                }
            }
            guard eventuallyOnThisThread({ pool.waitingCount >= 3 }) else { return (["no 3 callers waited"], -1) }
            pool.close()
            let waitingAfterClose = pool.waitingCount
            letGo.signal()
            for _ in 0..<4 { done.wait() }
            return (events.withLock { $0 }, waitingAfterClose)
        }
        #expect(waitingAfterClose == 3)  // closing woke nobody
        #expect(events == ["A returns", "closed", "closed", "closed"])
    }

    /// Deadlines racing check-ins lose no element: 300 users with deadlines about as long as the
    /// holds, and the pool ends idle with every element back.
    @Test func modernDeadlinesRacingCheckInsLoseNoElement() async throws {
        let pool = Modern.ResourcePool<Int>(maximumCount: 2, maximumWaiting: 50) { 0 }
        let tally = Locked((inUse: 0, maxInUse: 0))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<300 {
                group.addTask {
                    try? await pool.use(timeout: .microseconds(50 * (index % 7))) { _ in
                        tally.withLock { $0.inUse += 1; $0.maxInUse = max($0.maxInUse, $0.inUse) }
                        await Task.yield()
                        tally.withLock { $0.inUse -= 1 }
                    }
                }
            }
        }
        #expect(tally.withLock { $0.maxInUse } <= 2)
        #expect(await pool.inUseCount == 0)
        #expect(await pool.waitingCount == 0)
        #expect(await pool.createdCount <= 2)
        let gates = (0..<2).map { _ in Gate() }
        let users = gates.map { holder(pool, $0) }
        try await eventually { await pool.inUseCount == 2 }
        for gate in gates { gate.open() }
        for user in users { try await user.value }
    }
}
