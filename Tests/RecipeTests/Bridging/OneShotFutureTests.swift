import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct OneShotFutureTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Returns once `count` callers wait on the modern future. The callers are tasks that were
    /// started and have not parked yet, so this yields until they have (no sleep, no timing).
    static func untilWaiting(_ future: Modern.OneShotFuture<Int>, _ count: Int) async throws {
        try await eventually { await future.waitingCount >= count }
    }

    /// 300 waiters before the value and 300 after, each registered from its own task or from
    /// `concurrentPerform`: every one gets the value exactly once.
    @Test(arguments: Side.allCases)
    func everyWaiterGetsTheValueExactlyOnce(_ side: Side) async throws {
        let got = OrderingWatch([Int: [Int]]())
        switch side {
        case .legacy:
            let future = Legacy.OneShotFuture<Int>()
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: 300) { waiter in
                    future.onValue { value in got.update { $0[waiter, default: []].append(value) } }
                }
            }
            #expect(future.waitingCount == 300)
            #expect(future.fulfill(42))
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: 300) { index in
                    let waiter = 300 + index
                    future.onValue { value in got.update { $0[waiter, default: []].append(value) } }
                }
            }
            await got.until { $0.values.map(\.count).reduce(0, +) == 600 }
            #expect(future.waitingCount == 0)
        case .modern:
            let future = Modern.OneShotFuture<Int>()
            let before = (0..<300).map { waiter in
                Task {
                    let value = try await future.value()
                    got.update { $0[waiter, default: []].append(value) }
                }
            }
            try await Self.untilWaiting(future, 300)
            #expect(await future.fulfill(42))
            try await withThrowingDiscardingTaskGroup { group in
                for waiter in 300..<600 {
                    group.addTask {
                        let value = try await future.value()
                        got.update { $0[waiter, default: []].append(value) }
                    }
                }
            }
            for task in before { try await task.value }
            #expect(await future.waitingCount == 0)
        }
        #expect(got.value == Dictionary(uniqueKeysWithValues: (0..<600).map { ($0, [42]) }))
    }

    /// 50 producers fulfil at once: exactly one is accepted, and every waiter gets its value.
    @Test(arguments: Side.allCases)
    func aSecondFulfilIsIgnored(_ side: Side) async throws {
        let accepted = Locked([Int]())
        let got = OrderingWatch([Int]())
        switch side {
        case .legacy:
            let future = Legacy.OneShotFuture<Int>()
            for _ in 0..<20 { future.onValue { value in got.update { $0.append(value) } } }
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: 50) { value in
                    if future.fulfill(value) { accepted.withLock { $0.append(value) } }
                }
            }
            await got.until { $0.count == 20 }
        case .modern:
            let future = Modern.OneShotFuture<Int>()
            let waiters = (0..<20).map { _ in
                Task {
                    let value = (try? await future.value()) ?? -1
                    got.update { $0.append(value) }
                }
            }
            try await Self.untilWaiting(future, 20)
            await withDiscardingTaskGroup { group in
                for value in 0..<50 {
                    group.addTask {
                        if await future.fulfill(value) { accepted.withLock { $0.append(value) } }
                    }
                }
            }
            for waiter in waiters { await waiter.value }
        }
        let winners = accepted.withLock { $0 }
        #expect(winners.count == 1)
        #expect(got.value == Array(repeating: winners[0], count: 20))
    }

    /// 400 waiters; a seeded half are cancelled while they wait. Each cancelled one gets
    /// `CancellationError` and leaves no continuation behind; the others get the value.
    @Test func cancelledWaitersLeaveNoContinuation() async throws {
        let future = Modern.OneShotFuture<Int>()
        var random = SplitMix64(seed: 4)
        let cancel = (0..<400).map { _ in random.next() % 2 == 0 }
        let waiters = (0..<400).map { _ in Task { try await future.value() } }
        try await Self.untilWaiting(future, 400)
        for (waiter, isCancelled) in zip(waiters, cancel) where isCancelled { waiter.cancel() }
        for (waiter, isCancelled) in zip(waiters, cancel) where isCancelled {
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(await future.waitingCount == cancel.filter { !$0 }.count)
        #expect(await future.fulfill(42))
        for (waiter, isCancelled) in zip(waiters, cancel) where !isCancelled {
            #expect(try await waiter.value == 42)
        }
        #expect(await future.waitingCount == 0)
    }

    /// The pitfall's guard: callers already cancelled when they ask never park a continuation.
    @Test func callersCancelledBeforeTheyParkGetCancellationError() async throws {
        let future = Modern.OneShotFuture<Int>()
        let callers = (0..<200).map { _ in
            Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await future.value()
            }
        }
        for caller in callers {
            await #expect(throws: CancellationError.self) { try await caller.value }
        }
        #expect(await future.waitingCount == 0)
        #expect(await future.fulfill(1))
        #expect(try await future.value() == 1)
    }

    /// The legacy way to stop waiting: remove the handler by its id.
    @Test func removedHandlersAreNeverCalled() async {
        let future = Legacy.OneShotFuture<Int>()
        let called = OrderingWatch(Set<Int>())
        var random = SplitMix64(seed: 4)
        let remove = (0..<400).map { _ in random.next() % 2 == 0 }
        let ids = (0..<400).map { waiter in
            future.onValue { _ in called.update { _ = $0.insert(waiter) } }
        }
        for (id, isRemoved) in zip(ids, remove) where isRemoved {
            #expect(future.removeHandler(id))
        }
        let kept = Set(remove.indices.filter { !remove[$0] })
        #expect(future.waitingCount == kept.count)
        #expect(future.fulfill(42))
        #expect(future.waitingCount == 0)
        await called.until { $0.count >= kept.count }
        #expect(called.value == kept)
        #expect(future.removeHandler(ids[0]) == false)
    }

    /// The failure path: every waiter throws the producer's error, so does a later caller, and a
    /// fulfil after the failure is ignored.
    @Test func aFailureReachesEveryWaiterAndLaterCallers() async throws {
        struct LoginFailed: Error {}
        let future = Modern.OneShotFuture<Int>()
        let waiters = (0..<10).map { _ in Task { try await future.value() } }
        try await Self.untilWaiting(future, 10)
        #expect(await future.fail(LoginFailed()))
        for waiter in waiters {
            await #expect(throws: LoginFailed.self) { try await waiter.value }
        }
        await #expect(throws: LoginFailed.self) { try await future.value() }
        #expect(await future.fulfill(1) == false)
        #expect(await future.fail(LoginFailed()) == false)
        #expect(await future.waitingCount == 0)
    }
}
