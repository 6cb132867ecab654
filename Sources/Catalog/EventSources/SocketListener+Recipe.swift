import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchSourceSocketAccept = Recipe(
        id: "dispatch-source-socket-accept",
        title: "Accept connections from a read source",
        chapter: .eventSources,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its quotation of CocoaAsyncSocket's accept source"],
        file: "EventSources/SocketListener.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeReadSource(fileDescriptor:queue:) (DISPATCH_SOURCE_TYPE_READ)",
                "the same source, feeding an `AsyncStream` of connections"),
            APIMapping("setEventHandler", "the body of `for await connection in listener.connections`"),
            APIMapping(
                "setCancelHandler (close the fd)",
                "the same cancel handler, which also finishes the stream; `onTermination` cancels the source"),
            APIMapping("DispatchSource.resume()", "still needed: the stream's source starts suspended too"),
            APIMapping("DispatchSource.cancel()", "leaving the loop (`break`), or `listener.stop()`"),
            APIMapping(
                "setEventHandler reading dispatch_source_get_data (numPendingConnections)",
                "accept until `EAGAIN`"),
            APIMapping("__weak/__strong self dance", "the loop's lifetime"),
        ],
        prose: Articles.recipe("dispatch-source-socket-accept"),
        isBridging: true,
        replaces: [.readWriteSource, .sourceHandlers],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    try await onOwnThread {
                        try Legacy.SocketListener.acceptClients(
                            3, timeout: socketAcceptTimeout, log: context.log)
                    }
                },
                modern: { context in
                    try await Modern.SocketListener.acceptClients(
                        3, timeout: socketAcceptTimeout, log: context.log)
                }
            )
        ]
    )
}

/// How long the scenario waits for its own 3 loopback clients: a bound, not a delay (they are
/// accepted in microseconds).
private let socketAcceptTimeout: Duration = .seconds(10)
