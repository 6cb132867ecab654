import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let socketConnectionStream = Recipe(
        id: "socket-connection-stream",
        title: "Read and write a socket connection as it becomes ready",
        chapter: .eventSources,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its quotation of CocoaAsyncSocket (a read source per socket, a write source while data waits, the sources counted before `close`)",
            "Seen in real code: echo and chat servers that run one blocking `read`/`write` loop per connection on `DispatchQueue.global()`",
        ],
        file: "EventSources/SocketConnection.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeReadSource(fileDescriptor:queue:) per connection (DISPATCH_SOURCE_TYPE_READ), handing each chunk to a callback",
                "`for try await chunk in connection.reads`: reads until `EAGAIN`, then waits until the socket is readable"
            ),
            APIMapping(
                "DispatchSource.makeWriteSource(fileDescriptor:queue:) while output is buffered (DISPATCH_SOURCE_TYPE_WRITE)",
                "`try await connection.write(data)`: writes until `EAGAIN`, then suspends until the socket is writable"
            ),
            APIMapping(
                "setCancelHandler on both sources, the last one to run doing close(fd)",
                "`close()`: a `DispatchGroup` counts the owner and the waits in flight; its `notify` is the one close"
            ),
            APIMapping(
                "DispatchQueue(label:) reader queues, connections spread over them",
                "child tasks on the cooperative pool, one per connection"
            ),
            APIMapping(
                "DispatchQueue.global().async with a blocking read/write loop per connection",
                "a child task per connection in `withThrowingDiscardingTaskGroup`, suspended, never blocked"
            ),
        ],
        prose: Articles.recipe("socket-connection-stream"),
        isBridging: true,
        legacyNeeds: ["EventSources/SocketListener.swift"],
        modernNeeds: ["EventSources/SocketListener.swift"],
        replaces: [.writeSource, .readWriteSource, .sourceHandlers, .queueAsync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    try await onOwnThread {
                        try Legacy.SocketConnection.echo(
                            clients: echoClients, bytes: echoBytes, bufferSize: echoBufferSize, log: context.log)
                    }
                },
                modern: { context in
                    try await Modern.SocketConnection.echo(
                        clients: echoClients, bytes: echoBytes, bufferSize: echoBufferSize, log: context.log)
                }
            ),
            Scenario(
                "thread per connection",
                rules: [.exact],
                legacy: { context in
                    try await onOwnThread {
                        try Legacy.SocketConnection.echo(
                            clients: echoClients, bytes: echoBytes, bufferSize: echoBufferSize, blocking: true,
                            log: context.log)
                    }
                },
                modern: { context in
                    try await Modern.SocketConnection.echo(
                        clients: echoClients, bytes: echoBytes, bufferSize: echoBufferSize, log: context.log)
                }
            ),
        ]
    )
}

/// 50 loopback clients, each echoing 64 KB through 4 KB socket buffers: every write meets `EAGAIN`
/// many times, and the whole exchange takes well under a second.
private let echoClients = 50
private let echoBytes = 64 * 1024
private let echoBufferSize: Int32 = 4096
