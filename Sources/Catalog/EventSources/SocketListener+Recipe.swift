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
        problem: """
            Accept incoming TCP connections as they arrive, without a thread blocked in \
            `accept`, and close the listening socket exactly once when done.
            """,
        changes: [
            """
            Both sides listen on 127.0.0.1, port 0, and read back the port the kernel chose with \
            `getsockname`; the scenario opens 3 loopback clients itself and waits at most 10 s \
            for them (it would log `timed out`). Nothing else on the network is touched.
            """,
            """
            The source stays: Swift concurrency has no kernel event API. What changes is the \
            consumer. The read source's handler yields each accepted connection into an \
            `AsyncStream`, and the consumer writes `for await connection in \
            listener.connections`. The stream's `onTermination` cancels the source, so leaving \
            the loop (or cancelling its task) is what closes the socket.
            """,
            """
            The cancel handler still does the one `close` of the listening socket, and on the \
            modern side it also finishes the stream: a loop that runs to its end has seen the \
            socket closed (`SocketListenerTests.modernLoopEndsOnlyAfterTheListeningSocketIsClosed`).
            """,
            """
            Each accepted connection arrives as a `SocketListener.Connection` that closes its \
            descriptor when released, where the legacy `onAccept` receives a raw fd it must \
            close. A stream keeps what it still buffers when its consumer leaves, until the \
            stream itself is released; the object makes sure those fds are closed then \
            (`SocketListenerTests.modernConnectionsLeftInTheStreamAreClosedWhenTheConsumerLeaves`).
            """,
            """
            CocoaAsyncSocket's weak/strong `self` dance (so that the handler doesn't keep the socket \
            object alive) becomes the lifetime of the loop: nothing outlives it.
            """,
        ],
        pitfalls: [
            """
            Close the descriptor only in the cancel handler. Closed earlier, its number can be \
            reused by the next `open` or `socket` while the source still watches it, and the \
            source then reports someone else's descriptor.
            """,
            """
            Events that arrive while the handler runs are coalesced into one later call: never \
            count handler calls, count accepted connections.
            """,
            """
            The source starts suspended: without `resume()` nothing is accepted, and the \
            connections wait in the kernel's backlog.
            """,
            """
            An `AsyncStream` has one consumer, and its default buffer is unbounded: a slow \
            consumer of a busy listener holds every accepted fd in memory. swift-nio is the \
            production answer for servers; it is out of scope here.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `source.data` of a listening socket's read source is 1, not the number of \
            pending connections, so CocoaAsyncSocket's `numPendingConnections` loop isn't \
            portable. Make the socket non-blocking and accept until `EAGAIN` \
            (`SocketListenerTests.onLinuxSourceDataIsNotThePendingCount`).
            """,
        ],
        annotations: [
            """
            The legacy `SocketListener` is `@unchecked Sendable`: its properties are constants \
            set in `init`, and a dispatch source may be cancelled from any thread. `onAccept` and \
            `onCancel` need not be `@Sendable`: the source runs them on its queue, and its \
            handlers are not `@Sendable` either.
            """,
            """
            The modern side stores the source as `DispatchSource` (`makeReadSource(…) as! \
            DispatchSource`): the existential `any DispatchSourceRead` is not `Sendable`, but the \
            class behind it is, and `onTermination` (a `@Sendable` closure) must capture it.
            """,
        ],
        differences: [
            """
            The legacy owner learns that the socket is closed from the cancel handler, and must \
            wait for it (a semaphore here); the modern `connections` stream finishes only after \
            the close, so the end of the loop is that signal \
            (`SocketListenerTests.modernLoopEndsOnlyAfterTheListeningSocketIsClosed`).
            """,
            """
            A modern connection left unread in the stream when the consumer leaves is closed \
            when the listener and its stream are released; a legacy fd is closed only if \
            `onAccept` closes it \
            (`SocketListenerTests.modernConnectionsLeftInTheStreamAreClosedWhenTheConsumerLeaves`).
            """,
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `SocketListener` would land on the main actor, so only main-actor code could create or stop a listener; `nonisolated` keeps it usable from any task, with `connections` consumed wherever the loop runs.",
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
