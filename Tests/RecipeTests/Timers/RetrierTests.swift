import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct RetrierTests {
    static let base = Duration.milliseconds(10)

    struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    /// A fake server that refuses the first `failures` attempts and notes when each came.
    final class Server: Sendable {
        let failures: Int
        private let times = Locked<[ContinuousClock.Instant]>([])

        init(failures: Int) {
            self.failures = failures
        }

        var attemptTimes: [ContinuousClock.Instant] { times.withLock { $0 } }

        private func answer(_ attempt: Int) -> Result<String, any Error> {
            times.withLock { $0.append(.now) }
            return attempt <= failures ? .failure(Refused()) : .success("connected on attempt \(attempt)")
        }

        func attempt(_ attempt: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
            let result = answer(attempt)
            DispatchQueue.global().async { completion(result) }
        }

        func attempt(_ attempt: Int) async throws -> String {
            try answer(attempt).get()
        }
    }

    static func legacyRun(_ server: Server, base: Duration = base, log: Recorder) async -> Result<String, any Error> {
        let retrier = Legacy.Retrier<String>(
            maxAttempts: 3, baseDelay: base, log: log.logger, operation: server.attempt)
        return await withCheckedContinuation { done in
            retrier.start { done.resume(returning: $0) }
        }
    }

    static func modernRun(_ server: Server, base: Duration = base, log: Recorder) async -> Result<String, any Error> {
        do {
            return .success(
                try await Modern.Retrier.run(
                    maxAttempts: 3, baseDelay: base, log: log.logger, operation: server.attempt))
        } catch {
            return .failure(error)
        }
    }

    enum Side: String, CaseIterable, CustomTestStringConvertible {
        case legacy, modern
        var testDescription: String { rawValue }

        func run(_ server: Server, log: Recorder) async -> Result<String, any Error> {
            switch self {
            case .legacy: await RetrierTests.legacyRun(server, log: log)
            case .modern: await RetrierTests.modernRun(server, log: log)
            }
        }
    }

    @Test(arguments: Side.allCases)
    func failsTwiceThenSucceedsAfterGrowingGaps(_ side: Side) async throws {
        let server = Server(failures: 2)
        let log = Recorder()
        let result = await side.run(server, log: log)
        #expect(try result.get() == "connected on attempt 3")
        #expect(
            log.lines == [
                "attempt 1 failed: connection refused; retrying",
                "attempt 2 failed: connection refused; retrying",
            ])
        let times = server.attemptTimes
        try #require(times.count == 3)
        #expect(times[0].duration(to: times[1]) >= Self.base)
        #expect(times[1].duration(to: times[2]) >= Self.base * 2)
    }

    @Test(arguments: Side.allCases)
    func succeedsAtOnceWithoutRetrying(_ side: Side) async throws {
        let server = Server(failures: 0)
        let log = Recorder()
        #expect(try await side.run(server, log: log).get() == "connected on attempt 1")
        #expect(log.lines.isEmpty)
        #expect(server.attemptTimes.count == 1)
    }

    @Test(arguments: Side.allCases)
    func givesUpAfterMaxAttemptsWithTheLastError(_ side: Side) async throws {
        let server = Server(failures: .max)
        let log = Recorder()
        let result = await side.run(server, log: log)
        #expect(throws: Refused.self) { try result.get() }
        #expect(
            log.lines == [
                "attempt 1 failed: connection refused; retrying",
                "attempt 2 failed: connection refused; retrying",
                "attempt 3 failed: connection refused; giving up",
            ])
        #expect(server.attemptTimes.count == 3)
    }

    /// A legacy retrier whose caller cancels it as the first backoff begins: `cancel()` is called
    /// from the line that announces the backoff, so it lands inside the backoff at any speed.
    static func legacyRetrierCancelledAtFirstBackoff(
        server: Server, baseDelay: Duration, backoffStarted: @escaping @Sendable () -> Void = {}
    ) -> Legacy.Retrier<String> {
        let cancel = Locked<(@Sendable () -> Void)?>(nil)
        let retrier = Legacy.Retrier<String>(
            maxAttempts: 3, baseDelay: baseDelay,
            log: { _ in
                backoffStarted()
                cancel.withLock { $0 }?()
            }
        ) {
            server.attempt($0, completion: $1)
        }
        cancel.withLock { $0 = { retrier.cancel() } }
        return retrier
    }

    @Test func cancellingDuringABackoffStopsFurtherAttempts() async throws {
        let legacyServer = Server(failures: .max)
        let retrier = Self.legacyRetrierCancelledAtFirstBackoff(server: legacyServer, baseDelay: Self.base)
        let legacyOutcome = await withCheckedContinuation { done in
            retrier.start { done.resume(returning: $0) }
        }
        #expect(throws: RetryCancelledError.self) { try legacyOutcome.get() }

        // Modern: cancel the task while it sleeps (the backoff is far longer than any machine's
        // delay in delivering the cancellation).
        let modernServer = Server(failures: .max)
        let (modernBackoffs, modernBackoff) = AsyncStream.makeStream(of: Void.self)
        let retry = Task {
            try await Modern.Retrier.run(maxAttempts: 3, baseDelay: .seconds(3600), log: { _ in modernBackoff.yield() })
            {
                try await modernServer.attempt($0)
            }
        }
        for await _ in modernBackoffs { break }
        retry.cancel()
        let modernResult = await retry.result
        #expect(throws: CancellationError.self) { try modernResult.get() }

        try await Task.sleep(for: Self.base * 3)  // past the next legacy backoff: no second attempt may come
        #expect(legacyServer.attemptTimes.count == 1)
        #expect(modernServer.attemptTimes.count == 1)
    }

    /// Difference: the legacy flag is read when the backoff's `asyncAfter` fires, so the
    /// cancellation is reported only then; the modern sleep throws at once.
    @Test func legacyReportsCancellationWhenTheBackoffEndsModernAtOnce() async throws {
        let legacyServer = Server(failures: .max)
        let backoffStartedAt = Locked<ContinuousClock.Instant?>(nil)
        let retrier = Self.legacyRetrierCancelledAtFirstBackoff(server: legacyServer, baseDelay: Self.base * 3) {
            backoffStartedAt.withLock { $0 = .now }
        }
        let (result, reportedAt) = await withCheckedContinuation { done in
            retrier.start { done.resume(returning: (result: $0, at: ContinuousClock.now)) }
        }
        #expect(throws: RetryCancelledError.self) { try result.get() }
        let startedAt = try #require(backoffStartedAt.withLock { $0 })
        #expect(startedAt.duration(to: reportedAt) >= Self.base * 3)

        let modernServer = Server(failures: .max)
        let (modernBackoffs, modernBackoff) = AsyncStream.makeStream(of: Void.self)
        let retry = Task {
            try await Modern.Retrier.run(maxAttempts: 3, baseDelay: .seconds(3600), log: { _ in modernBackoff.yield() })
            {
                try await modernServer.attempt($0)
            }
        }
        for await _ in modernBackoffs { break }
        retry.cancel()
        let modernResult = await retry.result  // long before the hour-long backoff is over
        #expect(throws: CancellationError.self) { try modernResult.get() }
        #expect(modernServer.attemptTimes.count == 1)
    }

    @Test func modernDoesNotRetryCancellationFromTheOperation() async {
        let log = Recorder()
        let attempts = Locked(0)
        let result: Result<String, any Error>
        do {
            result = .success(
                try await Modern.Retrier.run(maxAttempts: 3, baseDelay: Self.base, log: log.logger) { _ in
                    attempts.withLock { $0 += 1 }
                    throw CancellationError()
                }
            )
        } catch {
            result = .failure(error)
        }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(attempts.withLock { $0 } == 1)
        #expect(log.lines.isEmpty)
    }

    /// `URLSession` reports a request cancelled with its task as `URLError(.cancelled)`, not
    /// `CancellationError`. A cancelled caller is neither retried nor logged as a failure, and
    /// gets `CancellationError`, at the last attempt too.
    @Test(arguments: [1, 3])
    func aCancelledCallerIsNotRetriedWhateverTheErrorType(maxAttempts: Int) async {
        let log = Recorder()
        let attempts = Locked(0)
        let retry = Task {
            try await Modern.Retrier.run(maxAttempts: maxAttempts, baseDelay: Self.base, log: log.logger) { _ in
                attempts.withLock { $0 += 1 }
                withUnsafeCurrentTask { $0?.cancel() }  // the caller is cancelled during the request...
                throw URLError(.cancelled)  // ...which fails as URLSession's does
            }
        }
        let result = await retry.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(attempts.withLock { $0 } == 1)
        #expect(log.lines.isEmpty)
    }

    /// The delay doubles after each failure up to `maxDelay`, then stays there: 1, 2, 4, 4, 4 s
    /// with a cap of 4 s, on a clock the test moves.
    @Test func theDelayDoublesUpToMaxDelay() async throws {
        let clock = ManualTestClock()
        let attempts = Locked(0)
        let retry = Task {
            try await Modern.Retrier.run(
                maxAttempts: 6, baseDelay: .seconds(1), maxDelay: .seconds(4), clock: clock, log: { _ in }
            ) { attempt in
                attempts.withLock { $0 += 1 }
                throw Refused()
            }
        }
        for _ in 1...5 {
            try await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))  // past any backoff: wakes the sleep at once
        }
        let result = await retry.result
        #expect(throws: Refused.self) { try result.get() }
        #expect(attempts.withLock { $0 } == 6)
        // Each sleep asks for the time of its failure plus its delay; the failures come 60 s apart.
        let delays = clock.deadlines.enumerated().map { index, deadline in
            deadline.offset - .seconds(60) * index
        }
        #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
    }
}
