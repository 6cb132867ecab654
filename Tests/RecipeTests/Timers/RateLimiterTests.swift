import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

/// A clock that moves only when a test calls `advance(by:)`; sleepers wake when it passes their
/// deadline, or throw `CancellationError` at once when their task is cancelled.
private final class ManualClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let wake: CheckedContinuation<Void, any Error>
    }

    private let state = Locked(
        (now: Instant(offset: .zero), sleepers: [Sleeper](), nextID: 0, hook: (@Sendable () -> Void)?.none))

    /// Reading `now` first calls the hook set by `onNextNow(_:)`, once.
    var now: Instant {
        let (now, hook) = state.withLock { state in
            defer { state.hook = nil }
            return (state.now, state.hook)
        }
        hook?()
        return now
    }

    /// Calls `hook` the next time anyone reads `now`, on the reader's thread, before `now` returns.
    func onNextNow(_ hook: @escaping @Sendable () -> Void) {
        state.withLock { $0.hook = hook }
    }
    var minimumResolution: Duration { .nanoseconds(1) }
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { $0.nextID += 1; return $0.nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, wake: wake))
                    return nil
                }
                if let outcome { wake.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.wake.resume(throwing: CancellationError())
        }
    }

    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.wake.resume() }
    }
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct RateLimiterTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// The k-th start (from 0) comes at least (k + 1 − burst) intervals after the first.
    private func withinRate(_ offsets: [Duration], interval: Duration, burst: Int) -> Bool {
        offsets.indices.dropFirst(burst).allSatisfy { offsets[$0] >= interval * ($0 + 1 - burst) }
    }

    @Test(arguments: Side.allCases)
    func burstThenOneEveryInterval(_ side: Side) async throws {
        let recorder = Recorder()
        let log = recorder.logger
        let interval = Duration.milliseconds(5)
        let offsets: [Duration]
        switch side {
        case .legacy:
            let starts = await onOwnThread {
                Legacy.RateLimiter.startJobs(count: 8, interval: interval, burst: 3, log: log)
            }
            offsets = starts.map { .nanoseconds(Int64($0.uptimeNanoseconds) - Int64(starts[0].uptimeNanoseconds)) }
        case .modern:
            let starts = try await Modern.RateLimiter.startJobs(
                count: 8, interval: interval, burst: 3, clock: ContinuousClock(), log: log)
            offsets = starts.map { starts[0].duration(to: $0) }
        }
        #expect(recorder.lines == (1...8).map { "job \($0) started" } + ["all 8 jobs done"])
        #expect(withinRate(offsets, interval: interval, burst: 3))
        #expect(offsets.last! >= interval * 5)
    }

    @Test func modernStartsOnTheTestClock() async throws {
        let clock = ManualClock()
        let jobs = Task {
            try await Modern.RateLimiter.startJobs(
                count: 8, interval: .milliseconds(10), burst: 3, clock: clock, log: { _ in })
        }
        for _ in 0..<5 {
            try await eventually { clock.sleeperCount == 1 }
            clock.advance(by: .milliseconds(10))
        }
        let offsets = try await jobs.value.map(\.offset)
        #expect(offsets == [0, 0, 0, 10, 20, 30, 40, 50].map { Duration.milliseconds($0) })
    }

    @Test func lateWakeUpsKeepTheSpacing() async throws {
        // Every sleep wakes 3 ms late: the late time is not counted towards the next token.
        let clock = TickerTestClock(lateness: .milliseconds(3))
        let starts = try await Modern.RateLimiter.startJobs(
            count: 8, interval: .milliseconds(10), burst: 3, clock: clock, log: { _ in })
        let offsets = starts.map(\.offset)
        #expect(offsets.prefix(3).allSatisfy { $0 == .zero })
        #expect(zip(offsets.dropFirst(2), offsets.dropFirst(3)).allSatisfy { $1 - $0 >= .milliseconds(10) })
    }

    @Test func modernHundredsOfCallersGoInFIFOOrder() async throws {
        let clock = ManualClock()
        let limiter = Modern.RateLimiter(interval: .milliseconds(1), burst: 5, clock: clock)
        let granted = Locked(0)
        var callers: [Task<ManualClock.Instant, any Error>] = []
        for index in 0..<200 {
            callers.append(
                Task {
                    let instant = try await limiter.acquire()
                    granted.withLock { $0 += 1 }
                    return instant
                })
            if index < 5 {
                try await eventually { granted.withLock { $0 } == index + 1 }
            } else {
                try await eventually { await limiter.waitingCount == index - 4 }
            }
        }
        for _ in 0..<195 {
            try await eventually { clock.sleeperCount == 1 }
            clock.advance(by: .milliseconds(1))
        }
        var offsets: [Duration] = []
        for caller in callers { offsets.append(try await caller.value.offset) }
        let expected = (0..<200).map { Duration.milliseconds(max(0, $0 - 4)) }
        #expect(offsets == expected)
        #expect(await limiter.waitingCount == 0)
    }

    @Test func modernCancelledWaitersTakeNothing() async throws {
        let clock = ManualClock()
        let limiter = Modern.RateLimiter(interval: .seconds(1), burst: 2, clock: clock)

        // Cancelled before the call: throws, and both tokens are still there.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await limiter.acquire()
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(await limiter.availableTokens == 2)

        try await limiter.acquire()
        try await limiter.acquire()
        let head = Task { try await limiter.acquire() }
        try await eventually { clock.sleeperCount == 1 }
        let second = Task { try await limiter.acquire() }
        let third = Task { try await limiter.acquire() }
        try await eventually { await limiter.waitingCount == 3 }

        // Cancelled in the line, then at its head (asleep on the clock): both took nothing.
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        head.cancel()
        await #expect(throws: CancellationError.self) { try await head.value }
        try await eventually { await limiter.waitingCount == 1 }
        try await eventually { clock.sleeperCount == 1 }  // the third caller is the head now
        #expect(await limiter.availableTokens == 0)

        // The next token goes to the third caller, after one interval, as if the others never came.
        clock.advance(by: .seconds(1))
        #expect(try await third.value.offset == .seconds(1))
        #expect(await limiter.availableTokens == 0)
        #expect(await limiter.waitingCount == 0)
        clock.advance(by: .seconds(5))
        #expect(await limiter.availableTokens == 2)  // refilled to the burst, no more
    }

    /// The second caller is cancelled while the head, on the limiter's actor, reads the clock to
    /// take its token. The cancellation handler reaches the actor through a task of its own, so
    /// the head leaves and promotes the second caller first, and a second token is there. The
    /// check after waiting its turn makes it throw anyway, and the token stays in the bucket.
    @Test func aCancelledWaiterPromotedByTheHeadTakesNoToken() async throws {
        let clock = ManualClock()
        let limiter = Modern.RateLimiter(interval: .seconds(1), burst: 2, clock: clock)
        try await limiter.acquire()
        try await limiter.acquire()
        let head = Task { try await limiter.acquire() }
        try await eventually { clock.sleeperCount == 1 }
        let second = Task { try await limiter.acquire() }
        try await eventually { await limiter.waitingCount == 2 }
        clock.onNextNow { second.cancel() }  // runs inside the head's turn on the actor
        clock.advance(by: .seconds(2))  // two tokens: one for the head, one the second could take
        _ = try await head.value
        await #expect(throws: CancellationError.self) { try await second.value }
        #expect(await limiter.availableTokens == 1)
        #expect(await limiter.waitingCount == 0)
    }

    /// The head's sleep ends while the limiter's actor is busy, and the head is cancelled before
    /// it gets the actor back: the check after the sleep makes it throw, and the token it would
    /// have taken stays in the bucket.
    @Test func aHeadCancelledAfterItsSleepEndedTakesNoToken() async throws {
        let clock = ManualTestClock()
        let limiter = Modern.RateLimiter(interval: .seconds(1), burst: 1, clock: clock)
        try await limiter.acquire()
        let head = Task { try await limiter.acquire() }
        try await clock.waitForSleepers(1)
        await limiter.holding {
            let woke = clock.signal(afterWakeUps: 1)
            clock.advance(by: .seconds(1))
            woke.wait()  // the sleep has returned; the head waits for the actor
            head.cancel()
        }
        await #expect(throws: CancellationError.self) { try await head.value }
        #expect(await limiter.availableTokens == 1)
        #expect(await limiter.waitingCount == 0)
    }

    @Test func legacyCancelledJobTakesNoToken() async {
        let ran = await onOwnThread {
            let limiter = Legacy.RateLimiter(interval: .seconds(3600), burst: 2)
            let third = DispatchSemaphore(value: 0)
            let ran = Locked<[Int]>([])
            limiter.execute { ran.withLock { $0.append(1) }; return true }
            limiter.execute { false }  // cancelled while it waited: it takes no token
            limiter.execute { ran.withLock { $0.append(3) }; third.signal(); return true }
            // With an hour between tokens, job 3 runs only if job 2 left the second token.
            _ = third.wait(timeout: .now() + .seconds(10))
            return ran.withLock { $0 }
        }
        #expect(ran == [1, 3])
    }

    @Test func legacyHundredsOfConcurrentCallers() async {
        let interval = Duration.milliseconds(1)
        let starts = await onOwnThread {
            let limiter = Legacy.RateLimiter(interval: interval, burst: 250)
            let starts = Locked<[(job: Int, at: DispatchTime)]>([])
            let done = DispatchGroup()
            for _ in 0..<300 { done.enter() }
            DispatchQueue.concurrentPerform(iterations: 300) { job in
                limiter.execute {
                    starts.withLock { $0.append((job, .now())) }
                    done.leave()
                    return true
                }
            }
            done.wait()
            return starts.withLock { $0 }
        }
        #expect(Set(starts.map(\.job)) == Set(0..<300))
        #expect(starts.count == 300)
        let first = starts[0].at.uptimeNanoseconds
        let offsets = starts.map { Duration.nanoseconds(Int64($0.at.uptimeNanoseconds) - Int64(first)) }
        #expect(withinRate(offsets, interval: interval, burst: 250))
    }
}

extension Modern.RateLimiter {
    /// Runs `body` on the limiter's actor, which stays busy until it returns.
    fileprivate func holding(_ body: @Sendable () -> Void) { body() }
}
