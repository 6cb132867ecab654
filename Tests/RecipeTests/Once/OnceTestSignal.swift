import RecipeKit
import Synchronization

/// A gate and an arrival counter for the chapter 3 tests: tasks `arrive()` and `waitUntilOpen()`;
/// the test awaits `arrivals(n)` and then `open()`s the gate. Never a sleep.
final class OnceTestSignal: Sendable {
    private struct State {
        var arrived = 0
        var isOpen = false
        var openWaiters: [CheckedContinuation<Void, Never>] = []
        var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// How many times `arrive()` has been called.
    var arrived: Int { state.withLock { $0.arrived } }

    func arrive() {
        let due = state.withLock { state in
            state.arrived += 1
            let arrived = state.arrived
            let due = state.arrivalWaiters.filter { $0.count <= arrived }
            state.arrivalWaiters.removeAll { $0.count <= arrived }
            return due
        }
        for waiter in due { waiter.continuation.resume() }
    }

    /// Returns once `count` arrivals have happened in all.
    func arrivals(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.arrived >= count { return true }
                state.arrivalWaiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.openWaiters = [] }
            return state.openWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func waitUntilOpen() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.isOpen { return true }
                state.openWaiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// A locked value that escaping closures can capture.
final class OnceTestBox<Value: Sendable>: Sendable {
    private let value: Locked<Value>

    init(_ value: Value) {
        self.value = Locked(value)
    }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        value.withLock { body(&$0) }
    }

    var current: Value { value.withLock { $0 } }
}
