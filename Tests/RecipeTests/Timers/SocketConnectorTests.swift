import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct SocketConnectorTests {
    static let timeout = Duration.milliseconds(10)
    static let slowConnect = Duration.milliseconds(50)

    struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    /// A legacy fake connect that calls back on a global queue after `latency`, and then tells
    /// `calledBack`.
    static func legacySlowOpen(
        latency: Duration, calledBack: AsyncStream<Void>.Continuation
    ) -> Legacy.SocketConnector.Open {
        { completion in
            DispatchQueue.global().asyncAfter(deadline: .now() + latency / .seconds(1)) {
                completion(.success(()))
                calledBack.yield()
            }
        }
    }

    /// A legacy fake connect that calls back at once, so the timer can't win the race.
    static func legacyFastOpen(failing: Bool = false) -> Legacy.SocketConnector.Open {
        { completion in completion(failing ? .failure(Refused()) : .success(())) }
    }

    /// Connects with the legacy connector and returns what its completion reported.
    static func legacyConnect(
        _ connector: Legacy.SocketConnector,
        timeout: Duration = timeout,
        completions: Recorder
    ) async -> Result<Void, any Error> {
        await withCheckedContinuation { done in
            connector.connect(timeout: timeout) { result in
                completions.log("completion")
                done.resume(returning: result)
            }
        }
    }

    @Test func legacySlowConnectTimesOutOnceAndNeverConnects() async throws {
        let recorder = Recorder()
        let completions = Recorder()
        let (lateConnect, calledBack) = AsyncStream.makeStream(of: Void.self)
        let connector = Legacy.SocketConnector(
            open: Self.legacySlowOpen(latency: Self.slowConnect, calledBack: calledBack),
            log: recorder.logger
        )
        let startedAt = ContinuousClock.now
        let result = await Self.legacyConnect(connector, completions: completions)
        #expect(startedAt.duration(to: .now) >= Self.timeout)
        #expect(throws: ConnectTimeoutError.self) { try result.get() }
        for await _ in lateConnect { break }  // the slow connect has now called back
        try await Task.sleep(for: Self.timeout * 3)  // a late `connected` would show up by now
        #expect(recorder.lines == ["connect timed out"])
        #expect(completions.lines == ["completion"])
    }

    @Test func modernSlowConnectTimesOutOnceAndNeverConnects() async throws {
        let recorder = Recorder()
        let startedAt = ContinuousClock.now
        await #expect(throws: TimeoutError.self) {
            try await Modern.SocketConnector.connect(
                timeout: Self.timeout,
                open: { try await Task.sleep(for: Self.slowConnect) },
                log: recorder.logger
            )
        }
        #expect(startedAt.duration(to: .now) >= Self.timeout)
        try await Task.sleep(for: Self.slowConnect)  // past the slow connect: nothing more may arrive
        #expect(recorder.lines == ["connect timed out"])
    }

    @Test func legacyFastConnectConnectsAndTheTimerNeverFires() async throws {
        let recorder = Recorder()
        let completions = Recorder()
        let connector = Legacy.SocketConnector(open: Self.legacyFastOpen(), log: recorder.logger)
        let result = await Self.legacyConnect(connector, completions: completions)
        #expect(throws: Never.self) { try result.get() }
        try await Task.sleep(for: Self.timeout * 3)
        #expect(recorder.lines == ["connected"])
        #expect(completions.lines == ["completion"])
    }

    @Test func modernFastConnectConnectsAndTheTimerNeverFires() async throws {
        let recorder = Recorder()
        try await Modern.SocketConnector.connect(timeout: Self.timeout, open: {}, log: recorder.logger)
        try await Task.sleep(for: Self.timeout * 3)
        #expect(recorder.lines == ["connected"])
    }

    @Test func aFailedConnectIsReportedAndTheTimerNeverFires() async throws {
        let legacy = Recorder()
        let completions = Recorder()
        let connector = Legacy.SocketConnector(open: Self.legacyFastOpen(failing: true), log: legacy.logger)
        let result = await Self.legacyConnect(connector, completions: completions)
        #expect(throws: Refused.self) { try result.get() }

        let modern = Recorder()
        await #expect(throws: Refused.self) {
            try await Modern.SocketConnector.connect(
                timeout: Self.timeout, open: { throw Refused() }, log: modern.logger)
        }

        try await Task.sleep(for: Self.timeout * 3)
        #expect(legacy.lines == ["connect failed: connection refused"])
        #expect(completions.lines == ["completion"])
        #expect(modern.lines == ["connect failed: connection refused"])
    }

    /// Difference: the legacy loser runs to its end and its result is dropped; the modern loser is cancelled.
    @Test func modernCancelsTheLosingConnectWhileLegacyDropsItsLateResult() async throws {
        let legacy = Recorder()
        let (lateConnect, calledBack) = AsyncStream.makeStream(of: Void.self)
        let connector = Legacy.SocketConnector(
            open: Self.legacySlowOpen(latency: Self.slowConnect, calledBack: calledBack),
            log: legacy.logger
        )
        _ = await Self.legacyConnect(connector, completions: Recorder())
        for await _ in lateConnect { break }  // the losing connect still ran to its end
        try await Task.sleep(for: Self.timeout)
        #expect(legacy.lines == ["connect timed out"])

        let modern = Recorder()
        let connect = Recorder()
        await #expect(throws: TimeoutError.self) {
            try await Modern.SocketConnector.connect(
                timeout: Self.timeout,
                open: {
                    do {
                        try await Task.sleep(for: .seconds(3600))
                        connect.log("connect finished")
                    } catch {
                        connect.log("connect cancelled")
                        throw error
                    }
                },
                log: modern.logger
            )
        }
        // Structured: by the time `connect` has thrown, the loser has been cancelled and awaited.
        #expect(connect.lines == ["connect cancelled"])
        #expect(modern.lines == ["connect timed out"])
    }

    /// Difference: cancelling the caller stops a modern connect and its timer; the legacy
    /// connector has no cancellation.
    @Test func modernConnectStopsWhenTheCallerIsCancelled() async {
        let recorder = Recorder()
        let (opened, openedSignal) = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            try await Modern.SocketConnector.connect(
                timeout: .seconds(3600),
                open: {
                    openedSignal.yield()
                    try await Task.sleep(for: .seconds(3600))
                },
                log: recorder.logger
            )
        }
        for await _ in opened { break }
        caller.cancel()
        let result = await caller.result  // long before the hour: both children end at once
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(recorder.lines == ["connect cancelled"])
    }

    @Test func withTimeoutReturnsTheValueWhenTheOperationWins() async throws {
        let value = try await withTimeout(.seconds(3600)) { 42 }
        #expect(value == 42)
    }
}
