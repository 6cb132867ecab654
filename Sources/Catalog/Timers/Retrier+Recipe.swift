import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let retryWithBackoff = Recipe(
        id: "retry-with-backoff",
        title: "Try again after growing delays",
        chapter: .timers,
        sources: [
            "Seen in real code: Alamofire Source/Core/Session.swift (retryRequest(_:withDelay:)); websocket reconnect loops"
        ],
        file: "Timers/Retrier.swift",
        apis: [
            APIMapping(
                "asyncAfter to retry (retryRequest(_:withDelay:))",
                "a loop with `try await clock.sleep(for: delay)` between attempts, the delay capped at `maxDelay`"),
            APIMapping(
                "a cancelled flag checked when asyncAfter fires",
                "task cancellation: the sleep throws `CancellationError` at once; `Task.isCancelled` checked before a failure's type"
            ),
        ],
        prose: Articles.recipe("retry-with-backoff"),
        replaces: [.asyncAfter],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["attempts", "gapsAtLeastTheBackoff"])],
                legacy: { context in
                    let server = FlakyServer(failures: 2)
                    let result = await legacyRetry(server, context: context)
                    logOutcome(result, context: context)
                    context.record("attempts", server.attempts)
                    context.record("gapsAtLeastTheBackoff", server.gapsAtLeast(base: context.pace(.seconds(1))))
                },
                modern: { context in
                    let server = FlakyServer(failures: 2)
                    let result = await modernRetry(server, context: context)
                    logOutcome(result, context: context)
                    context.record("attempts", server.attempts)
                    context.record("gapsAtLeastTheBackoff", server.gapsAtLeast(base: context.pace(.seconds(1))))
                }
            ),
            Scenario(
                "gives up",
                rules: [.exact, .invariant(["attempts"])],
                legacy: { context in
                    let server = FlakyServer(failures: .max)
                    logOutcome(await legacyRetry(server, context: context), context: context)
                    context.record("attempts", server.attempts)
                },
                modern: { context in
                    let server = FlakyServer(failures: .max)
                    logOutcome(await modernRetry(server, context: context), context: context)
                    context.record("attempts", server.attempts)
                }
            ),
            Scenario(
                "cancelled during a backoff",
                rules: [.exact, .invariant(["attempts"])],
                legacy: { context in
                    let server = FlakyServer(failures: .max)
                    // The caller cancels as soon as the first backoff begins: `cancel()` is called
                    // from the log line that announces it, so it lands inside the backoff however
                    // slowly the machine runs (a cancel that waited for its turn could miss it).
                    let cancel = Locked<(@Sendable () -> Void)?>(nil)
                    let retrier = Legacy.Retrier<String>(
                        maxAttempts: 3,
                        baseDelay: context.pace(.seconds(1)),
                        log: { line in
                            context.log(line)
                            if line.hasSuffix("retrying") { cancel.withLock { $0 }?() }
                        },
                        operation: server.attempt
                    )
                    cancel.withLock { $0 = { retrier.cancel() } }
                    let result = await withCheckedContinuation { done in
                        retrier.start { done.resume(returning: $0) }
                    }
                    logOutcome(result, context: context)
                    context.record("attempts", server.attempts)
                },
                modern: { context in
                    let server = FlakyServer(failures: .max)
                    let retry = Task {
                        try await Modern.Retrier.run(
                            maxAttempts: 3,
                            baseDelay: context.pace(.seconds(1)),
                            log: { line in
                                context.log(line)
                                // The same moment as the legacy side: cancel the retrying task as
                                // its first backoff begins.
                                if line.hasSuffix("retrying") { withUnsafeCurrentTask { $0?.cancel() } }
                            },
                            operation: server.attempt
                        )
                    }
                    logOutcome(await retry.result, context: context)
                    context.record("attempts", server.attempts)
                }
            ),
        ]
    )
}

private struct ConnectionRefusedError: Error, CustomStringConvertible {
    var description: String { "connection refused" }
}

/// A fake server that refuses the first `failures` connection attempts, and notes when each came.
private final class FlakyServer: Sendable {
    private let failures: Int
    private let attemptTimes = Locked<[ContinuousClock.Instant]>([])

    init(failures: Int) {
        self.failures = failures
    }

    var attempts: Int { attemptTimes.withLock { $0.count } }

    /// Whether the gaps between attempts were at least `base`, `2 × base`, `4 × base`, …
    func gapsAtLeast(base: Duration) -> Bool {
        let times = attemptTimes.withLock { $0 }
        return zip(times, times.dropFirst()).enumerated().allSatisfy { index, pair in
            pair.0.duration(to: pair.1) >= base * (1 << index)
        }
    }

    private func answer(_ attempt: Int) -> Result<String, any Error> {
        attemptTimes.withLock { $0.append(.now) }
        return attempt <= failures ? .failure(ConnectionRefusedError()) : .success("connected on attempt \(attempt)")
    }

    /// The legacy form: answers on a global queue.
    func attempt(_ attempt: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        let result = answer(attempt)
        DispatchQueue.global().async { completion(result) }
    }

    /// The modern form.
    func attempt(_ attempt: Int) async throws -> String {
        try answer(attempt).get()
    }
}

private func legacyRetry(_ server: FlakyServer, context: RunContext) async -> Result<String, any Error> {
    let retrier = Legacy.Retrier<String>(
        maxAttempts: 3,
        baseDelay: context.pace(.seconds(1)),
        log: context.log,
        operation: server.attempt
    )
    return await withCheckedContinuation { done in
        retrier.start { done.resume(returning: $0) }
    }
}

private func modernRetry(_ server: FlakyServer, context: RunContext) async -> Result<String, any Error> {
    do {
        return .success(
            try await Modern.Retrier.run(
                maxAttempts: 3,
                baseDelay: context.pace(.seconds(1)),
                log: context.log,
                operation: server.attempt
            )
        )
    } catch {
        return .failure(error)
    }
}

/// Logs how the retrying ended; both sides' cancellation errors read `cancelled`.
private func logOutcome(_ result: Result<String, any Error>, context: RunContext) {
    switch result {
    case .success(let value): context.log(value)
    case .failure(is CancellationError), .failure(is RetryCancelledError): context.log("cancelled")
    case .failure(let error): context.log("failed: \(error)")
    }
}
