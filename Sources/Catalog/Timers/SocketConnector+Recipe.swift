import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let connectTimeout = Recipe(
        id: "connect-timeout",
        title: "One-shot timer source as a timeout race",
        chapter: .timers,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its quotation of CocoaAsyncSocket's `-startConnectTimeout:`"],
        file: "Timers/SocketConnector.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeTimerSource", "`withTimeout` (a task group racing the work against `Task.sleep`)"),
            APIMapping("dispatch_source_set_timer", "the `Duration` passed to `withTimeout`"),
            APIMapping(
                "DispatchSourceTimer.schedule(deadline:repeating: .never, leeway:)",
                "one `Task.sleep(for:)` in the timeout child"),
            APIMapping("setEventHandler", "the code after `try await Task.sleep` in the timeout child"),
            APIMapping("DispatchSource.resume()", "nothing: a child task starts when it is added"),
            APIMapping("DispatchSource.cancel()", "`group.cancelAll()` when the first child finishes"),
            APIMapping("__weak/__strong self dance", "task lifetime: cancelling the caller cancels both children"),
        ],
        prose: Articles.recipe("connect-timeout"),
        modernNeeds: ["Timers/WithTimeout.swift"],
        replaces: [.timerSource, .sourceHandlers],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in try await legacyConnect(context, slowConnect: context.pace(.seconds(5))) },
                modern: { context in try await modernConnect(context, slowConnect: context.pace(.seconds(5))) }
            ),
            Scenario(
                "fast connect",
                rules: [.exact],
                legacy: { context in try await legacyConnect(context) },
                modern: { context in try await modernConnect(context) }
            ),
            Scenario(
                "refused",
                rules: [.exact],
                legacy: { context in try await legacyConnect(context, refused: true) },
                modern: { context in try await modernConnect(context, refused: true) }
            ),
        ]
    )
}

/// Connects once with the legacy connector (a paced 1 s timeout), then waits long enough for
/// anything it must not do to show up: a late `connected`, or a timer that was not cancelled.
private func legacyConnect(_ context: RunContext, slowConnect: Duration? = nil, refused: Bool = false) async throws {
    let timeout = context.pace(.seconds(1))
    let (connector, lateConnect) = legacyConnector(slowConnect: slowConnect, refused: refused, log: context.log)
    context.log("connecting")
    _ = await withCheckedContinuation { done in
        connector.connect(timeout: timeout) { done.resume(returning: $0) }
    }
    if slowConnect != nil {
        for await _ in lateConnect { break }  // the slow connect still ran to its end...
        try await Task.sleep(for: timeout)  // ...and its late result is dropped
    } else {
        try await Task.sleep(for: timeout * 3)
    }
}

/// Connects once with the modern `SocketConnector`. Nothing can fire after it returns: the losing
/// child has been cancelled and awaited. Its errors are in the transcript.
private func modernConnect(_ context: RunContext, slowConnect: Duration? = nil, refused: Bool = false) async throws {
    context.log("connecting")
    do {
        try await Modern.SocketConnector.connect(
            timeout: context.pace(.seconds(1)),
            open: modernOpen(slowConnect: slowConnect, refused: refused),
            log: context.log
        )
    } catch is TimeoutError, is ConnectionRefused {}
}

/// The host both sides "connect" to: a fake loader with a latency stands in for a slow network.
private let photoHost = URL(string: "tcp://photos.example.com:443")!

private struct ConnectionRefused: Error, CustomStringConvertible {
    var description: String { "connection refused" }
}

/// A legacy connector. A slow connect is a fake load that calls back after `latency` (and the
/// stream yields when it has, even when the connector drops that late result); a fast one, or a
/// refused one, calls back at once.
private func legacyConnector(
    slowConnect latency: Duration?,
    refused: Bool,
    log: @escaping @Sendable (String) -> Void
) -> (Legacy.SocketConnector, AsyncStream<Void>) {
    let (calledBack, callback) = AsyncStream.makeStream(of: Void.self)
    let open: Legacy.SocketConnector.Open
    if let latency {
        let loader = FakeLoader(responses: [photoHost: Data()], latency: latency)
        open = { completion in
            loader.load(photoHost) { result in
                completion(result.map { _ in })
                callback.yield()
            }
        }
    } else {
        open = { completion in completion(refused ? .failure(ConnectionRefused()) : .success(())) }
    }
    return (Legacy.SocketConnector(open: open, log: log), calledBack)
}

/// The modern connect: a fake load (a cancellable sleep for the latency), or an immediate answer.
private func modernOpen(slowConnect latency: Duration?, refused: Bool) -> @Sendable () async throws -> Void {
    if let latency {
        let loader = FakeLoader(responses: [photoHost: Data()], latency: latency)
        return { _ = try await loader.load(photoHost) }
    }
    return { if refused { throw ConnectionRefused() } }
}
