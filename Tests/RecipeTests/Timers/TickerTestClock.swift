import Dispatch
import RecipeKit

/// A virtual clock for the ticker tests: no real time passes.
///
/// Each `sleep(until:)` records its deadline, then moves `now` to the deadline plus `lateness`
/// (a wake-up that is always late) and returns at once. From sleep number `parkAfter + 1` on, a
/// sleep parks until its task is cancelled instead, and reports the cancellation on
/// `cancelledSleeps`, so a test can wait for a producer to be stopped without sleeping itself.
/// `sleepRequests` yields the number of each sleep as it is asked for; `signal(afterSleep:)` gives
/// a semaphore that opens once that many sleeps have been asked for (for a synchronous waiter).
final class TickerTestClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var deadlines: [Instant] = []
        var gates: [(sleeps: Int, gate: DispatchSemaphore)] = []
    }

    private let state = Locked(State())
    private let lateness: Duration
    private let parkAfter: Int?
    private let cancellations = AsyncStream.makeStream(of: Void.self)
    private let requests = AsyncStream.makeStream(of: Int.self)

    init(lateness: Duration = .zero, parkAfter: Int? = nil) {
        self.lateness = lateness
        self.parkAfter = parkAfter
    }

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .nanoseconds(1) }

    /// Every deadline asked for so far, in order.
    var deadlines: [Instant] { state.withLock { $0.deadlines } }

    /// One element per parked sleep that ended because its task was cancelled.
    var cancelledSleeps: AsyncStream<Void> { cancellations.stream }

    /// The number of each sleep, as it is asked for.
    var sleepRequests: AsyncStream<Int> { requests.stream }

    /// A semaphore signalled once `count` sleeps have been asked for.
    func signal(afterSleep count: Int) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        state.withLock { state in
            if state.deadlines.count >= count { gate.signal() } else { state.gates.append((count, gate)) }
        }
        return gate
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        // A sleep that would park is recorded, and its cancellation reported, even when its task
        // was cancelled before it asked: a consumer that breaks out may cancel the producer just
        // before its next sleep, and the test then sees the same cancelled sleep as when it comes
        // during it (under ThreadSanitizer it did come before, and the test waited forever).
        let parks = parkAfter.map { state.withLock { $0.deadlines.count } + 1 > $0 } ?? false
        if !parks { try Task.checkCancellation() }
        let number = state.withLock { state in
            state.deadlines.append(deadline)
            let count = state.deadlines.count
            for entry in state.gates where entry.sleeps == count { entry.gate.signal() }
            return count
        }
        requests.continuation.yield(number)
        if let parkAfter, number > parkAfter {
            do {
                try await Task.sleep(for: .seconds(3600))  // parked until cancelled
            } catch {
                cancellations.continuation.yield()
                throw error
            }
        }
        state.withLock { $0.now = max($0.now, deadline.advanced(by: lateness)) }
        await Task.yield()
    }
}

/// Instants at which something happened, recorded from any thread.
final class TickerTimestamps: Sendable {
    private let instants = Locked<[ContinuousClock.Instant]>([])

    func stamp() {
        let now = ContinuousClock.now
        instants.withLock { $0.append(now) }
    }

    var all: [ContinuousClock.Instant] { instants.withLock { $0 } }
}
