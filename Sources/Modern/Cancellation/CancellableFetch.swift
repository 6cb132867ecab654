import Foundation

/// A cancellable network-style fetch: an `async` function that turns the
/// connection's delegate events into an `AsyncThrowingStream` and consumes it.
///
/// The delegate calls become `yield` (a chunk), `finish()` (done) and
/// `finish(throwing:)` (failed), and the function collects the chunks with
/// `for try await`, so a failure ends the loop by throwing the connection's
/// error. The loop runs inside `withTaskCancellationHandler`: when the task
/// that awaits the fetch is cancelled, `onCancel` runs at once, on the
/// cancelling thread (or as soon as the handler is installed, if the task was
/// cancelled before), and cancels the connection, so the network stops as
/// soon as the work does. It also finishes the stream, so the loop ends, and
/// `Task.checkCancellation()` turns that end into a `CancellationError`: a
/// cancelled fetch returns no partial data. A task cancelled before the call
/// never opens the connection. There is no state to keep and nothing to
/// finish: the function returns or throws exactly once.
public nonisolated enum CancellableFetch {
    /// The whole body, once the connection has finished. Throws the
    /// connection's error if it fails, and `CancellationError` if the task is
    /// cancelled first.
    public static func data(
        from connection: Connection,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> Data {
        // Cancelled before it starts: never open the connection, as a queue
        // never starts a cancelled operation.
        try Task.checkCancellation()
        let (chunks, events) = AsyncThrowingStream.makeStream(of: Data.self)
        connection.start(
            { chunk in events.yield(chunk) },
            { events.finish() },
            { error in events.finish(throwing: error) })
        return try await withTaskCancellationHandler {
            var body = Data()
            for try await chunk in chunks {
                body.append(chunk)
                log("received \(chunk.count) bytes")
            }
            // The loop also ends when the task is cancelled: no partial data.
            try Task.checkCancellation()
            return body
        } onCancel: {
            connection.cancel()  // stop the network now
            events.finish()  // and end the loop
        }
    }
}

// MARK: - The connection's delegate events

// No delegate methods: the closures handed to `start` are the delegate, and
// they only feed the stream (`yield`, `finish()`, `finish(throwing:)`), from
// the connection's thread. Events that come after a cancel are dropped by the
// finished stream.

// MARK: - Finishing exactly once

// Nothing to do: an `async` function returns or throws once. `onCancel` runs
// concurrently with the body, on the cancelling thread, so it only cancels
// the connection and ends the stream (both thread-safe); the body's own path
// decides the result.

// MARK: - The connection it is given

extension CancellableFetch {
    /// A delegate-driven connection: `start` calls back later, on another
    /// thread, with each chunk, then once when done or once when it failed;
    /// `cancel` stops it.
    public nonisolated struct Connection: Sendable {
        public let start:
            @Sendable (
                _ didReceive: @escaping @Sendable (Data) -> Void,
                _ didFinish: @escaping @Sendable () -> Void,
                _ didFail: @escaping @Sendable (any Error) -> Void
            ) -> Void
        public let cancel: @Sendable () -> Void

        public init(
            start:
                @escaping @Sendable (
                    _ didReceive: @escaping @Sendable (Data) -> Void,
                    _ didFinish: @escaping @Sendable () -> Void,
                    _ didFail: @escaping @Sendable (any Error) -> Void
                ) -> Void,
            cancel: @escaping @Sendable () -> Void
        ) {
            self.start = start
            self.cancel = cancel
        }
    }
}
