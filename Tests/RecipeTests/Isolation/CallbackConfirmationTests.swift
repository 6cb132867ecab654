import Dispatch
import Legacy
import Synchronization
import Testing

/// The same three tests the Swift Testing way: `confirmation` counts, the body awaits the work.
///
/// `confirmation` does not wait for anything: it runs its body and, when the body returns,
/// checks how many times the confirmation was called. A callback that comes after the body has
/// returned is not counted, so the body must await the callbacks themselves (a continuation
/// each) or something that happens after them. For a callback that may never come, the body
/// races it against a timeout (`Arrival.value(within:)`).
@Suite struct CallbackConfirmationTests {
    @Test func theCallbackArrives() async {
        let service = ValueService(callbackQueue: .global())
        await confirmation("the answer") { answered in
            let value = await withCheckedContinuation { continuation in
                service.fetchValue(for: 7) { continuation.resume(returning: $0) }
            }
            #expect(value == 49)
            answered()
        }
    }

    @Test func theCallbackArrivesThreeTimes() async {
        let service = ValueService(callbackQueue: .global())
        await confirmation("three answers", expectedCount: 3) { answered in
            await withDiscardingTaskGroup { group in
                for key in 1...3 {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            service.fetchValue(for: key) { _ in
                                answered()
                                continuation.resume()
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func aRemovedHandlerIsNeverCalled() async {
        let future = OneShotFuture<Int>()
        await confirmation("the removed handler", expectedCount: 0) { removed in
            let id = future.onValue { _ in removed() }
            // Await the kept handler: the removed one would have run by the same fulfil.
            await withCheckedContinuation { continuation in
                _ = future.onValue { _ in continuation.resume() }
                #expect(future.removeHandler(id))
                #expect(future.fulfill(1))
            }
        }
    }

    @Test func aLateCallbackIsAwaitedWithATimeout() async throws {
        let service = ValueService(callbackQueue: .global())
        let arrival = Arrival<Int>()
        service.fetchValue(for: 5) { arrival.deliver($0) }
        #expect(try await arrival.value(within: .seconds(10)) == 25)
    }

    @Test func aCallbackThatNeverComesTimesOut() async {
        let arrival = Arrival<Int>()
        await #expect(throws: Arrival<Int>.TimedOut.self) {
            try await arrival.value(within: .milliseconds(50))
        }
    }
}

/// An awaitable expectation: a value a callback delivers once, awaited with a timeout.
///
/// The callback may come before or after the test starts waiting; a value that comes after the
/// timeout is dropped. Waiting and delivering meet under a `Mutex`.
final class Arrival<Value: Sendable>: Sendable {
    struct TimedOut: Error {}

    private enum State {
        case waiting([Int: CheckedContinuation<Value?, Never>])
        case arrived(Value)
    }

    private let state = Mutex<(State, next: Int)>((.waiting([:]), 0))

    /// Hands the value to every waiter, now and later; a second delivery is ignored.
    func deliver(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
            guard case .waiting(let waiters) = state.0 else { return [] }
            state.0 = .arrived(value)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// The value, or `TimedOut` if it has not come within `timeout`.
    func value(within timeout: Duration) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { await self.next() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw TimedOut() }
            return value
        }
    }

    /// The value once it arrives, or `nil` when the waiting task is cancelled.
    private func next() async -> Value? {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Value?? in
                    switch state.0 {
                    case .arrived(let value): return .some(value)
                    case .waiting(var waiters):
                        if Task.isCancelled { return .some(nil) }
                        waiters[id] = continuation
                        state.0 = .waiting(waiters)
                        return nil
                    }
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Value?, Never>? in
                guard case .waiting(var waiters) = state.0 else { return nil }
                let waiter = waiters.removeValue(forKey: id)
                state.0 = .waiting(waiters)
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
