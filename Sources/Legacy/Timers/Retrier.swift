import Foundation

/// What a cancelled `Retrier` reports.
public struct RetryCancelledError: Error, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "cancelled" }
}

/// Runs an operation again after growing delays until it succeeds, gives up
/// after `maxAttempts`, or is cancelled.
///
/// The shape of Alamofire's `retryRequest(_:withDelay:)` and of websocket
/// reconnect loops: when an attempt fails, `asyncAfter` the next one, doubling
/// the delay each time. A plain `asyncAfter` can't be called off, so `cancel()`
/// only sets a flag, and the retrier checks it when the delay is over: a
/// cancelled retrier waits out its current backoff, then reports the
/// cancellation instead of trying again.
public final class Retrier<Value: Sendable>: @unchecked Sendable {
    /// One attempt, numbered from 1; calls `completion` once, on any queue.
    public typealias Operation =
        @Sendable (
            _ attempt: Int,
            _ completion: @escaping @Sendable (Result<Value, any Error>) -> Void
        ) -> Void

    private let maxAttempts: Int
    private let baseDelay: Duration
    private let log: @Sendable (String) -> Void
    private let operation: Operation

    // `@unchecked Sendable`: `isCancelled` and `completion` are only touched on
    // `queue`.
    private let queue = DispatchQueue(label: "Retrier")
    private var isCancelled = false
    private var completion: (@Sendable (Result<Value, any Error>) -> Void)?

    /// Waits `baseDelay` after the first failure, then twice as long after each
    /// further one.
    public init(
        maxAttempts: Int,
        baseDelay: Duration,
        log: @escaping @Sendable (String) -> Void,
        operation: @escaping Operation
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.log = log
        self.operation = operation
    }
}

// MARK: - Retrying: `asyncAfter` the next attempt; cancelling sets a flag

extension Retrier {
    /// Starts the first attempt. `completion` runs once, on the retrier's
    /// queue, with the first success, the last failure, or
    /// `RetryCancelledError`.
    public func start(
        completion: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) {
        queue.async { [self] in
            self.completion = completion
            attempt(1)
        }
    }

    /// Stops retrying. Takes effect when the current attempt or backoff ends.
    public func cancel() {
        queue.async { [self] in
            isCancelled = true
        }
    }

    private func attempt(_ number: Int) {
        operation(number) { [self] result in
            queue.async { self.handle(result, ofAttempt: number) }
        }
    }

    private func handle(
        _ result: Result<Value, any Error>, ofAttempt number: Int
    ) {
        guard case .failure(let error) = result else {
            finish(result)
            return
        }
        guard number < maxAttempts else {
            log("attempt \(number) failed: \(error); giving up")
            finish(result)
            return
        }
        log("attempt \(number) failed: \(error); retrying")
        let delay = baseDelay * (1 << (number - 1))
        queue.asyncAfter(deadline: .now() + delay / .seconds(1)) { [self] in
            if isCancelled {
                finish(.failure(RetryCancelledError()))
            } else {
                attempt(number + 1)
            }
        }
    }

    private func finish(_ result: Result<Value, any Error>) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
