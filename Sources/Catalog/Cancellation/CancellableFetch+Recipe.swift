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
        ],
        problem: """
            Fetch a body that arrives in chunks through delegate events, so that the fetch can be \
            cancelled mid-way, stops the network when it is, delivers no partial data, and finishes \
            exactly once.
            """,
        changes: [
            """
            The asynchronous `Operation` subclass, its lock-guarded `isExecuting`/`isFinished` and \
            its KVO calls become one `async throws` function. The delegate events become an \
            `AsyncStream`: a chunk is `yield`, "did finish" is `finish()`, and the function collects \
            the chunks with `for await`.
            """,
            """
            The overridden `cancel()` (cancel the connection, then finish) becomes the `onCancel` \
            of a `withTaskCancellationHandler` around the loop: it runs during `task.cancel()`, \
            cancels the connection and finishes the stream, so the loop ends. The fake connection \
            records the cancel in both worlds \
            (`CancellableFetchTests.cancelMidwayCancelsTheConnectionAndDeliversNoData`).
            """,
            """
            Partial data: the operation keeps `data` nil unless the connection finished first; the \
            function throws `CancellationError` (`Task.checkCancellation()` after the loop) instead \
            of returning what it had.
            """,
            """
            Finishing exactly once is the operation's job (`finish` lets only its first caller \
            through, because a cancel can race the last event); an `async` function returns or \
            throws once by construction \
            (`CancellableFetchTests.aCancelRacingTheLastEventFinishesOnce`).
            """,
        ],
        pitfalls: [
            """
            `onCancel` runs at once, on the thread that called `cancel()`, while the body may still \
            be running: it may only cancel things (thread-safely), never clean up what the body \
            still uses.
            """,
            """
            A blocking load (`dataWithContentsOfURL:`, `Data(contentsOf:)`) on a background queue \
            can't be cancelled at all: it holds its thread until the answer or the 30 s timeout. \
            Use a delegate or an `async` API (`URLSession.data(for:)`) instead.
            """,
            """
            An asynchronous operation that finishes twice, or never announces `isFinished` with \
            `didChangeValue(forKey:)`, breaks or hangs its queue and everything waiting on it. The \
            classic `cancel` sets `isFinished` even for an operation that never started, and sets \
            it without KVO calls.
            """,
            """
            `NSURLConnection` delivers its delegate calls on the run loop of the thread that \
            started it, which is why the classic operation starts it from the main queue; the fake \
            (like `URLSession`) calls back on a thread of its own, so every delegate method must \
            be thread-safe.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `URLSession` exists (`import FoundationNetworking`), and `data(for:)` \
            honours task cancellation; the tests never touch the network, and use a fake \
            connection that delivers from its own thread.
            """,
        ],
        annotations: [
            """
            `CancellableFetch` (Legacy) restates `@unchecked Sendable`, like every `Operation` \
            subclass: its state, the buffer and the result are read and written holding an \
            `NSLock`, because the delegate events, `cancel()` and the queue arrive on different \
            threads.
            """,
            "The connection's closures and `log` are `@escaping @Sendable`: they are called from the connection's thread.",
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSOperation` wrapping \
            `NSURLConnection`: its `cancel` sets `isFinished = YES` without \
            `willChangeValueForKey:`/`didChangeValueForKey:`, and does it even when the operation \
            hasn't started (the queue would then start a finished operation) or has already \
            finished (a second finish). The recipe finishes from `cancel` only when executing, \
            announces every change, and lets only the first finish through.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `CancellableFetch.data(from:log:)` would collect the chunks on the main actor and `Connection` would be main-actor-isolated; `nonisolated` keeps the fetch on the caller's executor and the connection usable from any thread.",
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
        log(result(operation.data))
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
        log(result(try? await fetch.value))
        await connection.ended()
    }

    static func result(_ data: Data?) -> String {
        guard let data else { return "finished: cancelled, no data" }
        return "finished: \(data.count) bytes"
    }
}
