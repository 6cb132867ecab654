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
        problem:
            "Give an operation a deadline: the timeout handler runs exactly once unless the operation finishes first, and then it never runs.",
        changes: [
            "The one-shot timer source on the socket queue becomes a child task that sleeps and throws `TimeoutError`; the connect is the other child. `withTimeout` returns whichever finishes first and cancels the other.",
            "\"Cancel the timer when the connect completes\" and \"ignore a connect that completes after the timeout\" need no code: the task group cancels the loser and waits for it before `withTimeout` returns, so nothing can fire later.",
            "The socket queue that serialized the race is gone: the task group decides the winner.",
            "The weak/strong self dance becomes task lifetime: cancelling the calling task cancels the connect and the timer.",
            "Swift has no standard `withTimeout`; the project ships one (`Sources/Modern/Timers/WithTimeout.swift`). Copy it with the recipe.",
        ],
        pitfalls: [
            "The losing child must be cancellation-aware. A task group always waits for all its children, so a connect that ignores cancellation keeps `withTimeout` from returning until it finishes, and the timeout means nothing.",
            "A dispatch source is created suspended: without `resume()` the timer never fires. Keep a reference to it, and `cancel()` it when the race is decided (the legacy side does both in `startConnectTimeout`/`endConnectTimeout`).",
            "The classic `asyncAfter` alternative with a weak/strong self can't be cancelled: its handler still runs after a successful connect, and must check the state itself.",
            "Decide the race in one place. On the legacy side, the timer and the connect completion both land on `socketQueue`; a completion handled on another queue could race the timer.",
        ],
        annotations: [
            "`SocketConnector` is `@unchecked Sendable`: its state, timer and completion are only touched on its serial `socketQueue`.",
            "The timer's event handler is written in nonisolated code with `[weak self]`; the `open` function and the completion are `@escaping @Sendable` because they run on other queues.",
        ],
        differences: [
            "The legacy side lets a losing connect run to its end and drops its late result; the modern side cancels the losing connect, which ends early (`SocketConnectorTests.modernCancelsTheLosingConnectWhileLegacyDropsItsLateResult`).",
            "Cancelling the calling task stops a modern connect and its timer at once (`connect cancelled`); the legacy connector has no cancellation, and runs until the connect or the timeout (`SocketConnectorTests.modernConnectStopsWhenTheCallerIsCancelled`).",
        ],
        modernNeeds: ["Timers/WithTimeout.swift"],
        appTargetNote: "In an app target with default `MainActor` isolation, `SocketConnector.connect` and `withTimeout` would run on the main actor and `TimeoutError`'s `Equatable` conformance would be main-actor-isolated; `nonisolated` keeps both functions on the caller's executor and the error usable anywhere.",
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
