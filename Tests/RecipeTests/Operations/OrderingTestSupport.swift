import RecipeKit

/// Shared by the keyed-serial-execution, pausable-work-queue, serialize-async-work and
/// one-shot-future tests: state that tasks and threads update, and a way to await a condition on
/// it without sleeping (every update re-checks the waiting predicates).
final class OrderingWatch<State: Sendable>: Sendable {
    private struct Waiter {
        let isDone: @Sendable (State) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state: Locked<(value: State, waiters: [Waiter])>

    init(_ initial: State) {
        state = Locked((initial, []))
    }

    var value: State { state.withLock { $0.value } }

    /// Changes the state, then resumes every waiter whose condition now holds.
    @discardableResult
    func update<R>(_ body: (inout State) -> R) -> R {
        let (result, due) = state.withLock { state in
            let result = body(&state.value)
            let value = state.value
            let due = state.waiters.filter { $0.isDone(value) }
            state.waiters.removeAll { $0.isDone(value) }
            return (result, due)
        }
        for waiter in due { waiter.continuation.resume() }
        return result
    }

    /// Re-checks the waiting conditions (after something outside the state changed).
    func poke() { update { _ in () } }

    /// Returns once `isDone` holds (checked now and after every update).
    func until(_ isDone: @escaping @Sendable (State) -> Bool) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if isDone(state.value) { return true }
                state.waiters.append(Waiter(isDone: isDone, continuation: continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// Jobs per key: how many run at once (per key and in all), and the order they ran in.
struct KeyedRuns: Sendable {
    var running: [String: Int] = [:]
    var maxRunningPerKey = 0
    var maxRunningInAll = 0
    var order: [String: [Int]] = [:]
    var ran = 0

    mutating func start(_ key: String, _ job: Int) {
        running[key, default: 0] += 1
        maxRunningPerKey = max(maxRunningPerKey, running[key]!)
        maxRunningInAll = max(maxRunningInAll, running.values.reduce(0, +))
        order[key, default: []].append(job)
    }

    mutating func end(_ key: String) {
        running[key]! -= 1
        ran += 1
    }
}
