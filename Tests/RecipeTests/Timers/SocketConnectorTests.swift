import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct SocketConnectorTests {
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

    struct SocketClosed: Error {}

    /// A callback socket whose connect never answers: only `close()` ends it, failing the connect
    /// once, as closing a descriptor fails a pending connect; a connect started after `close()`
    /// fails at once.
    final class SilentSocket: Sendable {
        private struct State {
            var pending: (@Sendable (Result<Void, any Error>) -> Void)?
            var closed = false
            var starts = 0
            var callbacks = 0
        }

        private let state = Locked(State())

        var isClosed: Bool { state.withLock { $0.closed } }
        var starts: Int { state.withLock { $0.starts } }
        var callbacks: Int { state.withLock { $0.callbacks } }

        func start(_ completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
            let closed = state.withLock { state in
                state.starts += 1
                if state.closed {
                    state.callbacks += 1
                } else {
                    state.pending = completion
                }
                return state.closed
            }
            if closed { completion(.failure(SocketClosed())) }
        }

        func close() {
            let pending = state.withLock { state in
                state.closed = true
                defer { state.pending = nil }
                if state.pending != nil { state.callbacks += 1 }
                return state.pending
            }
            pending?(.failure(SocketClosed()))
        }
    }

    /// A callback connect that never calls back, bridged with a cancellation handler that closes
    /// the socket: at the deadline `withTimeout` cancels it, the close fails the connect, and the
    /// caller gets `TimeoutError`. (Bridged with a plain continuation, the task group would wait
    /// for a callback that never comes.)
    @Test func aCallbackConnectThatNeverAnswersIsAbandonedAtTheDeadlineWithTheSocketClosed() async {
        let socket = SilentSocket()
        let recorder = Recorder()
        let startedAt = ContinuousClock.now
        await #expect(throws: TimeoutError.self) {
            try await Modern.SocketConnector.connect(
                timeout: Self.timeout,
                open: { try await Modern.SocketConnector.connect(start: socket.start, close: socket.close) },
                log: recorder.logger
            )
        }
        #expect(startedAt.duration(to: .now) >= Self.timeout)
        #expect(socket.isClosed)
        #expect(socket.starts == 1)
        #expect(socket.callbacks == 1)
        #expect(recorder.lines == ["connect timed out"])
    }

    /// A caller cancelled while a callback connect is pending: closing the socket fails the
    /// connect with the socket's own error, which can reach the task group before the sleep's
    /// `CancellationError`. The cancelled caller gets `CancellationError`, and the log says so,
    /// every time.
    @Test func aCancelledCallerOfACallbackConnectGetsCancellationErrorWhateverTheSocketThrew() async {
        for _ in 0..<20 {
            let socket = SilentSocket()
            let recorder = Recorder()
            let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
            let caller = Task {
                try await Modern.SocketConnector.connect(
                    timeout: .seconds(3600),
                    open: {
                        try await Modern.SocketConnector.connect(
                            start: { completion in
                                socket.start(completion)
                                startedSignal.yield()
                            },
                            close: socket.close)
                    },
                    log: recorder.logger
                )
            }
            for await _ in started { break }
            caller.cancel()
            let result = await caller.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(recorder.lines == ["connect cancelled"])
            #expect(socket.isClosed)
        }
    }

    /// A caller cancelled before the connect starts closes the socket and never starts it.
    @Test func aCallbackConnectCancelledBeforeItStartsNeverStarts() async {
        let socket = SilentSocket()
        let connect = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Modern.SocketConnector.connect(start: socket.start, close: socket.close)
        }
        let result = await connect.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(socket.isClosed)
        #expect(socket.starts == 0)
    }
}
