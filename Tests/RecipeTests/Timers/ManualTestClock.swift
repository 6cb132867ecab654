import Dispatch
import RecipeKit
import Testing

/// A clock that moves only when a test says so.
///
/// `sleep(until:)` parks its task until `advance(by:)` moves `now` to the deadline or past it; a
/// cancelled sleep ends at once with `CancellationError` and leaves no sleeper behind. Tests use
/// `sleeperCount` to see how many tasks are parked, and `waitForSleepers(_:)` to wait for a
/// count (a parked sleep shows up here before its task suspends for good). `deadlines` lists every
/// deadline asked for, and `signal(afterWakeUps:)` gives a semaphore that opens once that many
/// sleeps have returned normally: a test on the main actor can block on it, because the sleep
/// runs off the caller's actor (`@concurrent`), and so see a sleep end while the main actor is
/// busy.
final class ManualTestClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var cancelled: Set<Int> = []
        var deadlines: [Instant] = []
        var wakeUps = 0
        var wakeUpGates: [(count: Int, gate: DispatchSemaphore)] = []
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .nanoseconds(1) }

    /// Every deadline a sleep asked for, in order.
    var deadlines: [Instant] { state.withLock { $0.deadlines } }

    /// A semaphore signalled once `count` sleeps have returned normally.
    func signal(afterWakeUps count: Int) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        state.withLock { state in
            if state.wakeUps >= count { gate.signal() } else { state.wakeUpGates.append((count, gate)) }
        }
        return gate
    }

    /// How many sleeps are parked.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves `now` on, and wakes every sleep whose deadline it reached.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (yielding, never sleeping) until exactly `count` sleeps are parked, or the task is
    /// cancelled (a test's time limit), so a sleep that never parks fails the test instead of
    /// spinning for ever.
    func waitForSleepers(_ count: Int) async throws {
        try await eventually { sleeperCount == count }
    }

    @concurrent
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            state.deadlines.append(deadline)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let parked = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)  // not parked yet: the sleep ends as it parks
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            parked?.continuation.resume(throwing: CancellationError())
        }
        state.withLock { state in
            state.wakeUps += 1
            for entry in state.wakeUpGates where entry.count == state.wakeUps { entry.gate.signal() }
        }
    }
}
