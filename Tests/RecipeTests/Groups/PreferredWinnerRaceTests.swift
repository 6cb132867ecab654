import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

/// Both races, driven by probes that answer only when a test says so. The modern race sleeps on a
/// `ManualTestClock`, so its grace period runs out only when a test advances the clock; the legacy
/// race's `asyncAfter` runs on real time, so its tests use a grace period that a run never reaches,
/// or one short enough that nothing else is left to happen while it runs.
@Suite(.timeLimit(.minutes(1))) struct PreferredWinnerRaceTests {
    struct Failure: Error, Equatable {
        let probe: String
    }

    /// A grace period no test comes near: a race that waited it out would hang the test.
    static let long = Duration.seconds(600)
    /// The legacy grace period that runs out: nothing else happens while it runs.
    static let short = Duration.milliseconds(10)
    /// The modern grace period, on the manual clock.
    static let grace = Duration.seconds(1)

    // MARK: Modern

    /// Starts a modern race in a task of its own, IPv6 preferred.
    static func modernRace(
        _ preferred: Modern.HeldProbe, _ others: [Modern.HeldProbe], clock: ManualTestClock
    ) -> Task<String, any Error> {
        let others = others.map { probe in { @Sendable in try await probe.run() } }
        return Task {
            try await Modern.PreferredWinnerRace.race(
                preferred: preferred.run, others: others, grace: grace, clock: clock)
        }
    }

    /// The value of a race's task. A test that its time limit cancels cancels the race, so a race
    /// that never decides fails the test instead of hanging the run: awaiting a task's `value`
    /// alone does not pass the cancellation on.
    static func value<T: Sendable>(of race: Task<T, any Error>) async throws -> T {
        try await withTaskCancellationHandler {
            try await race.value
        } onCancel: {
            race.cancel()
        }
    }

    static func modernProbes(_ names: String...) -> [Modern.HeldProbe] {
        names.map { Modern.HeldProbe($0, log: { _ in }) }
    }

    @Test func modernPreferredFirstWinsAtOnceAndTheOtherIsCancelled() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1]], clock: clock)
        probes[0].answer(.success("ipv6"))
        #expect(try await Self.value(of: race) == "ipv6")
        #expect(probes[1].wasCancelled)
        #expect(probes[1].hasFinished)  // awaited before the race returned
        #expect(clock.deadlines.isEmpty)  // no grace period started
    }

    @Test func modernPreferredWithinTheGracePeriodWins() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1]], clock: clock)
        probes[1].answer(.success("ipv4"))
        try await clock.waitForSleepers(1)  // the grace period runs
        probes[0].answer(.success("ipv6"))
        #expect(try await Self.value(of: race) == "ipv6")
        #expect(clock.sleeperCount == 0)  // the timer was cancelled
        #expect(clock.now == ManualTestClock.Instant(offset: .zero))
    }

    @Test func modernPreferredAfterTheGracePeriodLosesAndIsCancelled() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1]], clock: clock)
        probes[1].answer(.success("ipv4"))
        try await clock.waitForSleepers(1)
        #expect(clock.deadlines == [ManualTestClock.Instant(offset: Self.grace)])
        clock.advance(by: Self.grace)
        #expect(try await Self.value(of: race) == "ipv4")
        #expect(probes[0].wasCancelled)
        #expect(probes[0].hasFinished)
    }

    @Test func modernFailedPreferredBeforeTheOtherSucceedsLetsItWinAtOnce() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1]], clock: clock)
        probes[0].answer(.failure(Failure(probe: "ipv6")))
        try await eventually("the preferred probe has failed") { probes[0].hasFinished }
        probes[1].answer(.success("ipv4"))
        #expect(try await Self.value(of: race) == "ipv4")  // the clock never moved
    }

    @Test func modernFailedPreferredDuringTheGracePeriodEndsItAtOnce() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1]], clock: clock)
        probes[1].answer(.success("ipv4"))
        try await clock.waitForSleepers(1)
        probes[0].answer(.failure(Failure(probe: "ipv6")))
        #expect(try await Self.value(of: race) == "ipv4")  // the clock never moved
        #expect(clock.sleeperCount == 0)
    }

    @Test(arguments: [true, false])
    func modernAllFailThrowsThePreferredProbesError(preferredFailsFirst: Bool) async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "mirror", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1], probes[2]], clock: clock)
        let order = preferredFailsFirst ? probes : probes.reversed()
        for probe in order {
            probe.answer(.failure(Failure(probe: probe.name)))
            try await eventually("\(probe.name) has failed") { probe.hasFinished }
        }
        await #expect(throws: Failure(probe: "ipv6")) { try await Self.value(of: race) }
    }

    @Test func modernCancellingTheCallerCancelsEveryProbeAndTheTimer() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("ipv6", "mirror", "ipv4")
        let race = Self.modernRace(probes[0], [probes[1], probes[2]], clock: clock)
        probes[2].answer(.success("ipv4"))
        try await clock.waitForSleepers(1)
        race.cancel()
        await #expect(throws: CancellationError.self) { try await Self.value(of: race) }
        #expect(probes[0].wasCancelled && probes[1].wasCancelled)
        #expect(!probes[2].wasCancelled)  // it had answered
        #expect(clock.sleeperCount == 0)
    }

    /// Probes that answer a cancel with an error of their own, as a request reports "cancelled":
    /// the caller still gets `CancellationError`, checked after every `group.next()`.
    @Test func modernCancelledCallerGetsCancellationErrorWhateverTheProbesThrow() async throws {
        @Sendable func probe(_ name: String) -> @concurrent @Sendable () async throws -> String {
            { @concurrent in
                do {
                    try await Task.sleep(for: Self.long)
                } catch {
                    throw Failure(probe: name)
                }
                return name
            }
        }
        let race = Task {
            try await Modern.PreferredWinnerRace.race(
                preferred: probe("ipv6"), others: [probe("ipv4")], grace: Self.grace, clock: ManualTestClock())
        }
        race.cancel()
        await #expect(throws: CancellationError.self) { try await Self.value(of: race) }
    }

    @Test func modernFirstOtherSuccessIsTheFallback() async throws {
        let clock = ManualTestClock()
        let probes = Self.modernProbes("primary", "mirror A", "mirror B")
        let race = Self.modernRace(probes[0], [probes[1], probes[2]], clock: clock)
        probes[2].answer(.success("mirror B"))
        try await clock.waitForSleepers(1)
        probes[1].answer(.success("mirror A"))
        try await eventually("mirror A has answered") { probes[1].hasFinished }
        clock.advance(by: Self.grace)
        #expect(try await Self.value(of: race) == "mirror B")
        #expect(probes[0].wasCancelled)
    }

    /// The cost of structure: the group waits for every child, so a loser that ignores its cancel
    /// holds the race until it ends, and the race still returns the winner it chose, not the late
    /// answer.
    @Test func modernLoserThatIgnoresCancellationDelaysTheReturn() async throws {
        let clock = ManualTestClock()
        let stubborn = Modern.HeldProbe("ipv6", ignoresCancellation: true, log: { _ in })
        let ipv4 = Modern.HeldProbe("ipv4", log: { _ in })
        let released = Locked(false)
        let race = Task {
            let winner = try await Modern.PreferredWinnerRace.race(
                preferred: stubborn.run, others: [ipv4.run], grace: Self.grace, clock: clock)
            return (winner, released.withLock { $0 })
        }
        ipv4.answer(.success("ipv4"))
        try await clock.waitForSleepers(1)
        clock.advance(by: Self.grace)
        try await eventually("the race has cancelled the stubborn probe") { stubborn.wasCancelled }
        released.withLock { $0 = true }
        stubborn.answer(.success("ipv6, late"))
        let (winner, wasReleased) = try await Self.value(of: race)
        #expect(winner == "ipv4")
        #expect(wasReleased)  // it returned only after the stubborn probe ended
    }

    @Test func abandoningOnCancelReturnsWithoutWaitingForTheLoser() async throws {
        let clock = ManualTestClock()
        let stubborn = Modern.HeldProbe("ipv6", ignoresCancellation: true, log: { _ in })
        let ipv4 = Modern.HeldProbe("ipv4", log: { _ in })
        let race = Task {
            try await Modern.PreferredWinnerRace.race(
                preferred: Modern.PreferredWinnerRace.abandoningOnCancel(stubborn.run), others: [ipv4.run],
                grace: Self.grace, clock: clock)
        }
        ipv4.answer(.success("ipv4"))
        try await clock.waitForSleepers(1)
        clock.advance(by: Self.grace)
        #expect(try await Self.value(of: race) == "ipv4")
        #expect(!stubborn.hasFinished)  // it runs on, in a task of its own
        #expect(!stubborn.wasCancelled)  // and no one cancels it
        stubborn.answer(.success("ipv6, late"))
        try await eventually("the abandoned probe has ended") { stubborn.hasFinished }
    }

    // MARK: Legacy

    /// Starts a legacy race on a serial queue of the test's, IPv6 preferred; its outcomes arrive on
    /// the stream, one per completion call.
    static func legacyRace(
        _ preferred: Legacy.HeldProbe, _ others: [Legacy.HeldProbe], grace: Duration, queue: DispatchQueue
    ) -> (Legacy.PreferredWinnerRace<String>, AsyncStream<Result<String, any Error>>) {
        let race = Legacy.PreferredWinnerRace<String>(queue: queue)
        let (outcomes, outcome) = AsyncStream.makeStream(of: Result<String, any Error>.self)
        race.start(preferred: preferred.start, others: others.map { $0.start }, grace: grace) { result in
            outcome.yield(result)
        }
        return (race, outcomes)
    }

    static func legacyProbes(_ names: String...) -> [Legacy.HeldProbe] {
        names.map { Legacy.HeldProbe($0, log: { _ in }) }
    }

    static func first(_ outcomes: AsyncStream<Result<String, any Error>>) async throws -> String {
        for await outcome in outcomes { return try outcome.get() }
        throw CancellationError()
    }

    @Test func legacyPreferredFirstWinsAndTheOtherIsCancelled() async throws {
        let probes = Self.legacyProbes("ipv6", "ipv4")
        let (_, outcomes) = Self.legacyRace(probes[0], [probes[1]], grace: Self.long, queue: DispatchQueue(label: "race"))
        probes[0].answer(.success("ipv6"))
        #expect(try await Self.first(outcomes) == "ipv6")
        #expect(probes[1].wasCancelled)
    }

    @Test func legacyPreferredWithinTheGracePeriodWins() async throws {
        let probes = Self.legacyProbes("ipv6", "ipv4")
        let (_, outcomes) = Self.legacyRace(probes[0], [probes[1]], grace: Self.long, queue: DispatchQueue(label: "race"))
        probes[1].answer(.success("ipv4"))  // handled on the race's queue before the next answer
        probes[0].answer(.success("ipv6"))
        #expect(try await Self.first(outcomes) == "ipv6")
    }

    @Test func legacyPreferredAfterTheGracePeriodLosesAndIsCancelled() async throws {
        let probes = Self.legacyProbes("ipv6", "ipv4")
        let startedAt = ContinuousClock.now
        let (_, outcomes) = Self.legacyRace(probes[0], [probes[1]], grace: Self.short, queue: DispatchQueue(label: "race"))
        probes[1].answer(.success("ipv4"))
        #expect(try await Self.first(outcomes) == "ipv4")
        #expect(startedAt.duration(to: .now) >= Self.short)
        #expect(probes[0].wasCancelled)
    }

    @Test(arguments: [true, false])
    func legacyFailedPreferredLetsTheOtherWinAtOnce(preferredFailsFirst: Bool) async throws {
        let probes = Self.legacyProbes("ipv6", "ipv4")
        let (_, outcomes) = Self.legacyRace(probes[0], [probes[1]], grace: Self.long, queue: DispatchQueue(label: "race"))
        if preferredFailsFirst { probes[0].answer(.failure(Failure(probe: "ipv6"))) }
        probes[1].answer(.success("ipv4"))
        if !preferredFailsFirst { probes[0].answer(.failure(Failure(probe: "ipv6"))) }
        #expect(try await Self.first(outcomes) == "ipv4")
    }

    @Test(arguments: [true, false])
    func legacyAllFailCompletesWithThePreferredProbesError(preferredFailsFirst: Bool) async throws {
        let probes = Self.legacyProbes("ipv6", "mirror", "ipv4")
        let (_, outcomes) = Self.legacyRace(
            probes[0], [probes[1], probes[2]], grace: Self.long, queue: DispatchQueue(label: "race"))
        for probe in preferredFailsFirst ? probes : probes.reversed() {
            probe.answer(.failure(Failure(probe: probe.name)))
        }
        await #expect(throws: Failure(probe: "ipv6")) { try await Self.first(outcomes) }
    }

    @Test func legacyCancelCancelsEveryProbeStillRunning() async throws {
        let probes = Self.legacyProbes("ipv6", "mirror", "ipv4")
        let (race, outcomes) = Self.legacyRace(
            probes[0], [probes[1], probes[2]], grace: Self.long, queue: DispatchQueue(label: "race"))
        probes[2].answer(.success("ipv4"))
        race.cancel()
        await #expect(throws: RaceCancelled()) { try await Self.first(outcomes) }
        #expect(probes[0].wasCancelled && probes[1].wasCancelled)
        #expect(!probes[2].wasCancelled)
    }

    /// The `done` flag: answers that come after the decision, the preferred one's included, find
    /// the race over. The test's barrier is the race's own queue: once a `sync` on it returns,
    /// every callback enqueued before has been handled.
    @Test func legacyDeliversExactlyOneResultWhenLateAnswersArrive() async throws {
        let queue = DispatchQueue(label: "race")
        let stubborn = Legacy.HeldProbe("ipv6", ignoresCancellation: true, log: { _ in })
        let mirror = Legacy.HeldProbe("mirror", ignoresCancellation: true, log: { _ in })
        let ipv4 = Legacy.HeldProbe("ipv4", log: { _ in })
        let delivered = Locked<[String]>([])
        let (decisions, decision) = AsyncStream.makeStream(of: Void.self)
        let race = Legacy.PreferredWinnerRace<String>(queue: queue)
        race.start(preferred: stubborn.start, others: [mirror.start, ipv4.start], grace: Self.short) { result in
            delivered.withLock { $0.append((try? result.get()) ?? "an error") }
            decision.yield()
        }
        ipv4.answer(.success("ipv4"))
        for await _ in decisions { break }
        #expect(stubborn.wasCancelled && mirror.wasCancelled)
        stubborn.answer(.success("ipv6, late"))
        mirror.answer(.success("mirror, late"))
        race.cancel()
        queue.sync {}  // the late answers and the cancel have been handled
        #expect(delivered.withLock { $0 } == ["ipv4"])
    }

    /// The legacy completion does not wait for the losers: a loser that ignores its cancel is still
    /// running when the winner is delivered.
    @Test func legacyCompletesWhileALoserThatIgnoresCancellationRunsOn() async throws {
        let stubborn = Legacy.HeldProbe("ipv6", ignoresCancellation: true, log: { _ in })
        let ipv4 = Legacy.HeldProbe("ipv4", log: { _ in })
        let (_, outcomes) = Self.legacyRace(stubborn, [ipv4], grace: Self.short, queue: DispatchQueue(label: "race"))
        ipv4.answer(.success("ipv4"))
        #expect(try await Self.first(outcomes) == "ipv4")
        #expect(stubborn.wasCancelled)  // asked to stop, and still waiting for its answer
        stubborn.answer(.success("ipv6, late"))
    }

    /// The legacy completion runs on the queue the race was given, as the callers of the legacy
    /// API relied on.
    @Test func legacyCompletionRunsOnTheRacesQueue() async throws {
        let queue = DispatchQueue(label: "race")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let probes = Self.legacyProbes("ipv6", "ipv4")
        let race = Legacy.PreferredWinnerRace<String>(queue: queue)
        let onQueue = await withCheckedContinuation { done in
            race.start(preferred: probes[0].start, others: [probes[1].start], grace: Self.long) { _ in
                done.resume(returning: DispatchQueue.getSpecific(key: key) == true)
            }
            probes[0].answer(.success("ipv6"))
        }
        #expect(onQueue)
    }
}
