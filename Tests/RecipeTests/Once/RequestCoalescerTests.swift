import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RequestCoalescerTests {
    typealias LegacyCoalescer = Legacy.RequestCoalescer<String, Int>
    typealias ModernCoalescer = Modern.RequestCoalescer<String, Int>

    struct LoadFailed: Error, Equatable {}

    /// A legacy loader that holds every completion until the test releases it.
    final class HeldLoads: Sendable {
        let pending = OnceTestBox<[LegacyCoalescer.Completion]>([])
        var count: Int { pending.current.count }
        var load: LegacyCoalescer.Loader {
            { [pending] _, completion in pending.withLock { $0.append(completion) } }
        }

        func release(with result: Result<Int, any Error>) {
            let completions = pending.withLock { pending in
                defer { pending = [] }
                return pending
            }
            for completion in completions { completion(result) }
        }
    }

    // MARK: Legacy

    @Test func legacyTenConcurrentRequestsShareOneLoad() async {
        let loads = HeldLoads()
        let coalescer = LegacyCoalescer(load: loads.load)
        let received = OnceTestBox<[Int]>([])
        let everyone = DispatchGroup()
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 10) { _ in
                everyone.enter()
                coalescer.value(for: "avatar") { result in
                    received.withLock { $0.append((try? result.get()) ?? -1) }
                    everyone.leave()
                }
            }
        }
        // This `sync` read queues behind the ten registrations, which were all submitted.
        #expect(coalescer.isLoading("avatar"))
        #expect(loads.count == 1)
        loads.release(with: .success(42))
        await withCheckedContinuation { done in everyone.notify(queue: .global()) { done.resume() } }
        #expect(received.current == Array(repeating: 42, count: 10))
        #expect(!coalescer.isLoading("avatar"))
    }

    @Test func legacyLoadsAgainAfterCompletion() async throws {
        let count = OnceTestBox(0)
        let coalescer = LegacyCoalescer { _, completion in
            let value = count.withLock {
                $0 += 1
                return $0
            }
            completion(.success(value))
        }
        let first = await withCheckedContinuation { done in
            coalescer.value(for: "avatar") { done.resume(returning: $0) }
        }
        let second = await withCheckedContinuation { done in
            coalescer.value(for: "avatar") { done.resume(returning: $0) }
        }
        #expect(try first.get() == 1)
        #expect(try second.get() == 2)
    }

    @Test func legacyFailureReachesEveryWaiterAndTheNextRequestRetries() async throws {
        let loads = HeldLoads()
        let coalescer = LegacyCoalescer(load: loads.load)
        let results = OnceTestBox<[Result<Int, any Error>]>([])
        let everyone = DispatchGroup()
        for _ in 0..<3 {
            everyone.enter()
            coalescer.value(for: "avatar") { result in
                results.withLock { $0.append(result) }
                everyone.leave()
            }
        }
        #expect(coalescer.isLoading("avatar"))
        loads.release(with: .failure(LoadFailed()))
        await withCheckedContinuation { done in everyone.notify(queue: .global()) { done.resume() } }
        #expect(results.current.count == 3)
        #expect(results.current.allSatisfy { $0.failureValue is LoadFailed })

        let retry = OnceTestBox<Result<Int, any Error>?>(nil)
        let retried = DispatchGroup()
        retried.enter()
        coalescer.value(for: "avatar") { result in
            retry.withLock { $0 = result }
            retried.leave()
        }
        #expect(coalescer.isLoading("avatar"))
        #expect(loads.count == 1)  // a new load started
        loads.release(with: .success(7))
        await withCheckedContinuation { done in retried.notify(queue: .global()) { done.resume() } }
        #expect(try retry.current?.get() == 7)
    }

    @Test func legacyDifferentKeysLoadSeparately() async throws {
        let keys = OnceTestBox<[String]>([])
        let coalescer = LegacyCoalescer { key, completion in
            keys.withLock { $0.append(key) }
            completion(.success(key.count))
        }
        async let avatar = withCheckedContinuation { done in
            coalescer.value(for: "avatar") { done.resume(returning: $0) }
        }
        async let banner = withCheckedContinuation { done in
            coalescer.value(for: "banner!") { done.resume(returning: $0) }
        }
        #expect(try await avatar.get() == 6)
        #expect(try await banner.get() == 7)
        #expect(keys.current.sorted() == ["avatar", "banner!"])
    }

    /// Declared difference: a cancelled legacy request fails at once, while the load goes on.
    @Test func legacyCancelledRequestFailsAtOnceAndOthersGetTheValue() async throws {
        let loads = HeldLoads()
        let coalescer = LegacyCoalescer(load: loads.load)
        let cancelled = OnceTestBox<Result<Int, any Error>?>(nil)
        let firstDone = DispatchGroup()
        firstDone.enter()
        let first = coalescer.value(for: "avatar") { result in
            cancelled.withLock { $0 = result }
            firstDone.leave()
        }
        let received = OnceTestBox<[Int]>([])
        let others = DispatchGroup()
        for _ in 0..<2 {
            others.enter()
            coalescer.value(for: "avatar") { result in
                received.withLock { $0.append((try? result.get()) ?? -1) }
                others.leave()
            }
        }
        first.cancel()
        // The cancelled completion arrives while the load is still held.
        await withCheckedContinuation { done in firstDone.notify(queue: .global()) { done.resume() } }
        let error = try #require(cancelled.current.flatMap { $0.failureValue } as? CocoaError)
        #expect(error.code == .userCancelled)
        #expect(coalescer.isLoading("avatar"))
        loads.release(with: .success(42))
        await withCheckedContinuation { done in others.notify(queue: .global()) { done.resume() } }
        #expect(received.current == [42, 42])
        #expect(loads.count == 0)  // no second load was started
    }

    // MARK: Modern

    /// A modern coalescer whose load waits for `gate`, with its "joined" log lines counted.
    struct ModernHarness {
        let loads = OnceTestSignal()
        let loadsEnded = OnceTestSignal()
        let joins = OnceTestSignal()
        let gate = OnceTestSignal()
        let loadSawCancellation = OnceTestBox(false)
        let coalescer: ModernCoalescer

        init(result: @escaping @Sendable (Int) -> Result<Int, any Error> = { _ in .success(42) }) {
            let (loads, joins, gate, sawCancellation) = (loads, joins, gate, loadSawCancellation)
            let loadsEnded = loadsEnded
            coalescer = ModernCoalescer(
                log: { line in if line.hasPrefix("joined") { joins.arrive() } },
                load: { _ in
                    loads.arrive()
                    let number = loads.arrived
                    await gate.waitUntilOpen()
                    sawCancellation.withLock { $0 = $0 || Task.isCancelled }
                    defer { loadsEnded.arrive() }
                    return try result(number).get()
                }
            )
        }
    }

    @Test func modernTenConcurrentRequestsShareOneLoad() async throws {
        let harness = ModernHarness()
        let coalescer = harness.coalescer
        let callers = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 { group.addTask { try await coalescer.value(for: "avatar") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        await harness.joins.arrivals(9)
        #expect(await coalescer.isLoading("avatar"))
        harness.gate.open()
        #expect(try await callers.value == Array(repeating: 42, count: 10))
        #expect(harness.loads.arrived == 1)
        let stillLoading = await coalescer.isLoading("avatar")
        #expect(!stillLoading)
    }

    @Test func modernLoadsAgainAfterCompletion() async throws {
        let harness = ModernHarness { .success($0) }
        harness.gate.open()
        #expect(try await harness.coalescer.value(for: "avatar") == 1)
        #expect(try await harness.coalescer.value(for: "avatar") == 2)
        #expect(harness.loads.arrived == 2)
    }

    @Test func modernFailureReachesEveryWaiterAndTheNextRequestRetries() async throws {
        let harness = ModernHarness { $0 == 1 ? .failure(LoadFailed()) : .success(7) }
        let coalescer = harness.coalescer
        let callers = Task {
            await withTaskGroup(of: Result<Int, any Error>.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        do {
                            return .success(try await coalescer.value(for: "avatar"))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        await harness.joins.arrivals(2)
        harness.gate.open()
        let results = await callers.value
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0.failureValue is LoadFailed })
        #expect(try await coalescer.value(for: "avatar") == 7)
        #expect(harness.loads.arrived == 2)
    }

    @Test func modernDifferentKeysLoadSeparately() async throws {
        let harness = ModernHarness()
        harness.gate.open()
        async let avatar = harness.coalescer.value(for: "avatar")
        async let banner = harness.coalescer.value(for: "banner")
        #expect(try await [avatar, banner] == [42, 42])
        #expect(harness.loads.arrived == 2)
    }

    /// The loader runs off the coalescer's actor (`@concurrent`), so one key's slow decoding holds
    /// up no caller of another key. A plain async closure stored by the actor and called from it
    /// would run on the actor.
    @Test func modernLoaderRunsOffTheActor() async throws {
        let coalescer = ModernCoalescer { _ in #isolation == nil ? 1 : 0 }
        #expect(try await coalescer.value(for: "avatar") == 1)
    }

    /// A cancelled waiter leaves at once with `CancellationError`, while the load is still held;
    /// the load goes on, and the other waiters get its value. (Awaiting the load task's `value`
    /// instead would keep the cancelled waiter until the load ended.)
    @Test func modernCancelledWaiterReturnsAtOnceAndOthersGetTheValue() async throws {
        let harness = ModernHarness()
        let coalescer = harness.coalescer
        let first = Task { try await coalescer.value(for: "avatar") }
        await harness.loads.arrivals(1)
        let others = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<2 { group.addTask { try await coalescer.value(for: "avatar") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        await harness.joins.arrivals(2)
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(await coalescer.isLoading("avatar"))  // the gate is still shut
        harness.gate.open()
        #expect(try await others.value == [42, 42])
        #expect(harness.loads.arrived == 1)
        #expect(harness.loadSawCancellation.current == false)
    }

    /// When the last waiter leaves, the load is cancelled and the entry removed; the next request
    /// starts a fresh load, which the old one cannot disturb when it ends.
    @Test func modernLoadIsCancelledWhenTheLastWaiterLeaves() async throws {
        let harness = ModernHarness { .success($0) }
        let coalescer = harness.coalescer
        let waiters = (0..<3).map { _ in Task { try await coalescer.value(for: "avatar") } }
        await harness.loads.arrivals(1)
        await harness.joins.arrivals(2)
        for waiter in waiters {
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(await !coalescer.isLoading("avatar"))
        harness.gate.open()
        await harness.loadsEnded.arrivals(1)
        #expect(harness.loadSawCancellation.current)
        #expect(try await coalescer.value(for: "avatar") == 2)  // a fresh load
        #expect(harness.loads.arrived == 2)
    }

    /// Cancelled from outside, the load fails every waiter at once; a loader that finishes anyway
    /// (this one ignores cancellation) cannot disturb the fresh load a later request starts.
    @Test func modernCancelLoadFailsEveryWaiterAndTheNextRequestLoadsAfresh() async throws {
        let harness = ModernHarness { .success($0) }
        let coalescer = harness.coalescer
        let waiters = (0..<3).map { _ in Task { try await coalescer.value(for: "avatar") } }
        await harness.loads.arrivals(1)
        await harness.joins.arrivals(2)
        await coalescer.cancelLoad(for: "avatar")
        for waiter in waiters {
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(await !coalescer.isLoading("avatar"))
        let next = Task { try await coalescer.value(for: "avatar") }
        await harness.loads.arrivals(2)
        harness.gate.open()  // both loads end: the cancelled one first or second
        #expect(try await next.value == 2)
        // The cancelled load records what it saw when it passes the gate, which may be after the
        // fresh load has answered: read it once both have ended.
        await harness.loadsEnded.arrivals(2)
        #expect(harness.loadSawCancellation.current)
        #expect(await !coalescer.isLoading("avatar"))
    }

    /// A caller cancelled before it asks gets `CancellationError` and starts no load.
    @Test func modernCallerCancelledBeforeTheCallStartsNoLoad() async {
        let harness = ModernHarness()
        let coalescer = harness.coalescer
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await coalescer.value(for: "avatar")
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(await !coalescer.isLoading("avatar"))
        #expect(harness.loads.arrived == 0)
    }

    // MARK: Modern: an urgent caller raises the load

    /// A modern coalescer whose load waits for `gate`, then answers with its own priority.
    struct PriorityHarness {
        let loads = OnceTestSignal()
        let joins = OnceTestSignal()
        let raises = OnceTestSignal()
        let gate = OnceTestSignal()
        let coalescer: ModernCoalescer

        init() {
            let (loads, joins, raises, gate) = (loads, joins, raises, gate)
            coalescer = ModernCoalescer(
                log: { line in
                    if line.hasPrefix("joined") { joins.arrive() }
                    if line.hasPrefix("load raised") { raises.arrive() }
                },
                load: { _ in
                    loads.arrive()
                    await gate.waitUntilOpen()
                    return Int(Task.currentPriority.rawValue)
                }
            )
        }
    }

    static let high = Int(TaskPriority.high.rawValue)
    static let low = Int(TaskPriority.low.rawValue)

    /// A `.high` caller that joins a `.low` load through `value(for:)` waits on a continuation,
    /// and the load stays `.low`: nothing passes the waiter's priority on.
    @Test func modernPlainJoinLeavesTheLoadAtItsPriority() async throws {
        let harness = PriorityHarness()
        let coalescer = harness.coalescer
        let prefetch = Task(priority: .low) { try await coalescer.value(for: "avatar") }
        await harness.loads.arrivals(1)
        let urgent = Task(priority: .high) { try await coalescer.value(for: "avatar") }
        await harness.joins.arrivals(1)
        harness.gate.open()
        #expect(try await urgent.value == Self.low)
        #expect(try await prefetch.value == Self.low)
    }

    /// `urgentValue(for:)` raises the load to the joining caller's priority before it waits.
    @Test func modernUrgentCallerRaisesTheLoadWhenItJoins() async throws {
        let harness = PriorityHarness()
        let coalescer = harness.coalescer
        let prefetch = Task(priority: .low) { try await coalescer.value(for: "avatar") }
        await harness.loads.arrivals(1)
        let urgent = Task(priority: .high) { try await coalescer.urgentValue(for: "avatar") }
        await harness.joins.arrivals(1)  // it joined, and raised the load, before it waited
        harness.gate.open()
        #expect(try await urgent.value == Self.high)
        #expect(try await prefetch.value == Self.high)
    }

    /// A `.low` caller of `urgentValue(for:)`, escalated while it waits (a `.high` task awaits
    /// it), passes the escalation on to the load through its escalation handler. Without the
    /// handler the load stays `.low`, and "load raised" is never logged.
    @Test func modernEscalatedWaiterRaisesTheLoad() async throws {
        let harness = PriorityHarness()
        let coalescer = harness.coalescer
        let caller = Task(priority: .low) { try await coalescer.urgentValue(for: "avatar") }
        await harness.loads.arrivals(1)
        let screen = Task(priority: .high) { try await caller.value }
        await harness.raises.arrivals(1)
        harness.gate.open()
        #expect(try await screen.value == Self.high)
    }

    /// An escalation handler runs synchronously, on the escalating thread: here it had run before
    /// `escalatePriority(to:)` returned, with the old and the new priority. (The page's pitfall:
    /// the handler can't touch an actor's state, so `urgentValue(for:)` hops.)
    @Test func escalationHandlerRunsBeforeEscalatePriorityReturns() async {
        let seen = OnceTestBox<[Int]>([])
        let waiting = OnceTestSignal()
        let gate = OnceTestSignal()
        let task = Task(priority: .low) {
            await withTaskPriorityEscalationHandler {
                waiting.arrive()
                await gate.waitUntilOpen()
            } onPriorityEscalated: { old, new in
                seen.withLock { $0 += [Int(old.rawValue), Int(new.rawValue)] }
            }
        }
        await waiting.arrivals(1)
        task.escalatePriority(to: .high)
        #expect(seen.current == [Self.low, Self.high])
        gate.open()
        await task.value
    }

    /// The pitfall: an `await` between the lookup and the insertion lets a second caller through.
    @Test func awaitBetweenCheckAndInsertStartsTwoLoads() async throws {
        let lookups = OnceTestSignal()
        let loads = OnceTestSignal()
        let coalescer = DiskCheckingCoalescer(
            diskCache: { _ in
                lookups.arrive()
                await lookups.waitUntilOpen()
                return nil
            },
            load: { _ in
                loads.arrive()
                return 42
            }
        )
        async let first = coalescer.value(for: "avatar")
        async let second = coalescer.value(for: "avatar")
        await lookups.arrivals(2)  // both callers passed the check before either inserted a task
        lookups.open()
        #expect(try await [first, second] == [42, 42])
        #expect(loads.arrived == 2)
    }
}

/// The version to avoid: it checks the table, then awaits a disk-cache lookup, then inserts.
private actor DiskCheckingCoalescer {
    private let diskCache: @Sendable (String) async -> Int?
    private let load: @Sendable (String) async throws -> Int
    private var inFlight: [String: Task<Int, any Error>] = [:]

    init(
        diskCache: @escaping @Sendable (String) async -> Int?,
        load: @escaping @Sendable (String) async throws -> Int
    ) {
        self.diskCache = diskCache
        self.load = load
    }

    func value(for key: String) async throws -> Int {
        if let task = inFlight[key] { return try await task.value }
        if let cached = await diskCache(key) { return cached }  // the gap
        let task = Task { [load] in try await load(key) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await task.value
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
