import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let cancellableFetchOperation = Recipe(
        id: "cancellable-fetch-operation",
        title: "Cancellable network-style operation (delegate events)",
        chapter: .cancellation,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `NSOperation` wrapping `NSURLConnection` (`start`, `cancel`, `connectionDidFinishLoading:`)"
        ],
        file: "Cancellation/CancellableFetch.swift",
        apis: [
            APIMapping(
                "NSURLConnection with a delegate, wrapped in an Operation",
                "delegate events into an `AsyncStream`, consumed by an `async throws` function"
            ),
            APIMapping("Operation subclass overriding start() (isExecuting / isFinished)", "an `async` function: it returns once"),
            APIMapping(
                "Operation.cancel() overridden to cancel the connection",
                "`withTaskCancellationHandler`: `onCancel` cancels the connection and finishes the stream"
            ),
            APIMapping("Operation.isCancelled in the delegate methods", "`Task.checkCancellation()` after the loop"),
            APIMapping(
                "NSURLConnection delegate's connection:didFailWithError: finishing the operation",
                "`finish(throwing:)` on an `AsyncThrowingStream`: the loop throws the error"),
        ],
        prose: Articles.recipe("cancellable-fetch-operation"),
        replaces: [.operation, .operationCancel, .operationInternals, .callbackNetworking],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let connection = FakeConnection(chunks: FakeConnection.chunks(5, size: 8), log: context.log)
                    await onOwnThread {
                        CancellableFetchDriver.runLegacy(connection, cancelAfter: nil, log: context.log)
                    }
                },
                modern: { context in
                    let connection = FakeConnection(chunks: FakeConnection.chunks(5, size: 8), log: context.log)
                    await CancellableFetchDriver.runModern(connection, cancelAfter: nil, log: context.log)
                }
            ),
            Scenario(
                "cancelled after chunk 2",
                rules: [.exact],
                legacy: { context in
                    let connection = FakeConnection(
                        chunks: FakeConnection.chunks(5, size: 8), pauseAfter: 2, log: context.log)
                    await onOwnThread {
                        CancellableFetchDriver.runLegacy(connection, cancelAfter: 2, log: context.log)
                    }
                },
                modern: { context in
                    let connection = FakeConnection(
                        chunks: FakeConnection.chunks(5, size: 8), pauseAfter: 2, log: context.log)
                    await CancellableFetchDriver.runModern(connection, cancelAfter: 2, log: context.log)
                }
            ),
            Scenario(
                "connection fails after chunk 2",
                rules: [.exact],
                legacy: { context in
                    let connection = FakeConnection(
                        chunks: FakeConnection.chunks(5, size: 8), failAfter: 2, log: context.log)
                    await onOwnThread {
                        CancellableFetchDriver.runLegacy(connection, cancelAfter: nil, log: context.log)
                    }
                },
                modern: { context in
                    let connection = FakeConnection(
                        chunks: FakeConnection.chunks(5, size: 8), failAfter: 2, log: context.log)
                    await CancellableFetchDriver.runModern(connection, cancelAfter: nil, log: context.log)
                }
            ),
        ]
    )
}

/// Runs one fetch against a fake connection; with `cancelAfter`, cancels it once that many chunks
/// have been received (the connection must pause there), then lets the connection go on. Logs the
/// result, and returns once the connection's thread has ended.
enum CancellableFetchDriver {
    static func runLegacy(
        _ connection: FakeConnection, cancelAfter: Int?, log: @escaping @Sendable (String) -> Void
    ) {
        let gate = LineGate(prefix: "received", count: cancelAfter ?? 0)
        let operation = Legacy.CancellableFetch(
            connection: .init(start: connection.start, cancel: connection.cancel), log: gate.logger(log))
        let queue = OperationQueue()
        queue.addOperation(operation)
        if cancelAfter != nil {
            gate.waitUntilReached()
            connection.waitUntilPaused()
            operation.cancel()
            connection.resume()
        }
        operation.waitUntilFinished()
        if let error = operation.error {
            log(result(.failure(error)))
        } else {
            log(result(operation.data.map { .success($0) }))
        }
        connection.waitUntilEnded()
    }

    static func runModern(
        _ connection: FakeConnection, cancelAfter: Int?, log: @escaping @Sendable (String) -> Void
    ) async {
        let gate = LineGate(prefix: "received", count: cancelAfter ?? 0)
        let fetch = Task {
            try await Modern.CancellableFetch.data(
                from: .init(start: connection.start, cancel: connection.cancel), log: gate.logger(log))
        }
        if cancelAfter != nil {
            await gate.reached()
            await connection.paused()
            fetch.cancel()
            connection.resume()
        }
        switch await fetch.result {
        case .success(let data): log(result(.success(data)))
        case .failure(is CancellationError): log(result(nil))
        case .failure(let error): log(result(.failure(error)))
        }
        await connection.ended()
    }

    /// The result line: the body's size, the connection's error, or (`nil`) cancelled.
    static func result(_ outcome: Result<Data, any Error>?) -> String {
        switch outcome {
        case .success(let data): "finished: \(data.count) bytes"
        case .failure(let error): "finished: failed, \(error), no data"
        case nil: "finished: cancelled, no data"
        }
    }
}
