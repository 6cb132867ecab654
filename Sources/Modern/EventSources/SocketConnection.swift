@preconcurrency import Dispatch
import Foundation
import Synchronization

/// A non-blocking socket connection read as an `AsyncThrowingStream` of
/// chunks and written with `write(_:) async throws`.
///
/// Swift concurrency has no way to wait for a descriptor to become readable
/// or writable, so a dispatch source still does that, one source per wait:
/// `read` and `write` call the socket until it says `EAGAIN`, then suspend
/// until it is ready, and a cancelled task stops waiting at once. Reads happen
/// only when the consumer asks for the next chunk, so a slow consumer leaves
/// the data in the kernel, which slows the sender down, instead of buffering
/// it here. The descriptor is closed once, when the owner has called `close()`
/// (or released the connection) and no wait still watches it: a `DispatchGroup`
/// counts the owner and the waits, and its `notify` is the only close.
public nonisolated final class SocketConnection: Sendable {
    public let fileDescriptor: Int32
    private let users = DispatchGroup()  // the owner, and each wait in flight
    private let closed = Atomic(false)

    /// Makes `fd` non-blocking and takes ownership of it; `onClose` gets the
    /// result of the one `close` (0: closed).
    public init(
        fileDescriptor fd: Int32,
        onClose: @escaping @Sendable (Int32) -> Void = { _ in }
    ) {
        fileDescriptor = fd
        Self.makeNonBlocking(fd)
        users.enter()  // the owner, until `close()`
        users.notify(queue: Self.readiness) {
            onClose(Self.closeSocket(fd))  // the only close
        }
    }

    deinit { close() }

    /// The chunks the peer sends, read as the loop asks for them; the stream
    /// ends at the peer's end of stream and throws on a socket error.
    public var reads: AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { try await self.read() }
    }

    /// The next chunk of at most `limit` bytes, nil at the end of the stream.
    public func read(upTo limit: Int = 16 * 1024) async throws -> Data? {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = Self.readSome(fileDescriptor, into: &buffer)
            if count > 0 { return Data(buffer[..<count]) }
            if count == 0 { return nil }
            guard errno == EAGAIN else { throw Self.lastError() }
            try await ready(.read)
        }
    }

    /// Writes all of `data`: as much as the socket takes, then suspends until
    /// it is writable again. Throws `CancellationError` if the task is
    /// cancelled meanwhile; part of `data` may have been written by then.
    public func write(_ data: Data) async throws {
        var rest = data[...]
        while !rest.isEmpty {
            let written = Self.writeSome(fileDescriptor, rest)
            if written > 0 {
                rest = rest.dropFirst(written)
            } else if errno == EAGAIN {
                try await ready(.write)
            } else {
                throw Self.lastError()  // EPIPE, ECONNRESET: the peer is gone
            }
        }
    }

    /// Gives up the descriptor: it is closed now, or when the last wait on it
    /// ends. Calling it again does nothing.
    public func close() {
        if !closed.exchange(true, ordering: .acquiringAndReleasing) {
            users.leave()
        }
    }
}

// MARK: - Waiting: one dispatch source per suspension

nonisolated extension SocketConnection {
    enum Readiness { case read, write }

    /// The queue the sources report on; their handlers only resume a task.
    static let readiness = DispatchQueue(label: "socket-readiness")

    /// Suspends until the socket is ready for `readiness`; throws
    /// `CancellationError` when the task is cancelled.
    func ready(_ readiness: Readiness) async throws {
        try Task.checkCancellation()
        let fd = fileDescriptor
        let source: any DispatchSourceProtocol =
            switch readiness {
            case .read:
                DispatchSource.makeReadSource(
                    fileDescriptor: fd, queue: Self.readiness)
            case .write:
                DispatchSource.makeWriteSource(
                    fileDescriptor: fd, queue: Self.readiness)
            }
        source.setEventHandler { source.cancel() }  // one event is enough
        users.enter()  // the descriptor stays open until the cancel handler
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                source.setCancelHandler { [users] in
                    users.leave()
                    continuation.resume()
                }
                source.resume()
            }
        } onCancel: {
            source.cancel()
        }
        try Task.checkCancellation()
    }
}

// MARK: - Non-blocking system calls

nonisolated extension SocketConnection {
    /// Sets `O_NONBLOCK`; on Darwin also `SO_NOSIGPIPE`, so that writing to a
    /// closed peer fails with `EPIPE` instead of killing the process.
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(
                fd, SOL_SOCKET, SO_NOSIGPIPE, &on,
                socklen_t(MemoryLayout.size(ofValue: on)))
        #endif
    }

    /// One `read`, retried on `EINTR`: the count, 0 at the end of the stream,
    /// or -1 with `errno` set (`EAGAIN`: nothing to read now).
    static func readSome(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes {
                Foundation.read(fd, $0.baseAddress, $0.count)
            }
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// One `send`, retried on `EINTR`: the count written, or -1 with `errno`
    /// set (`EAGAIN`: the socket's buffer is full). Never raises `SIGPIPE`.
    static func writeSome(_ fd: Int32, _ data: Data.SubSequence) -> Int {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket
        #endif
        while true {
            let count = data.withUnsafeBytes {
                send(fd, $0.baseAddress, $0.count, flags)
            }
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// One `accept`, retried on `EINTR`: the new descriptor, or -1.
    static func acceptSome(_ fd: Int32) -> Int32 {
        while true {
            let client = Foundation.accept(fd, nil, nil)
            if client >= 0 || errno != EINTR { return client }
        }
    }

    /// `close(2)`, named apart so that `close()` above does not shadow it.
    static func closeSocket(_ fd: Int32) -> Int32 { Foundation.close(fd) }

    static func lastError() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
}

// MARK: - The server: a discarding task group

nonisolated extension SocketConnection {
    /// A listening socket on 127.0.0.1; the kernel picks the port.
    public static func listen(
        backlog: Int32 = 128,
        onClose: @escaping @Sendable (Int32) -> Void = { _ in }
    ) throws -> SocketConnection {
        let fd = try SocketListener.listenOnLoopback(backlog: backlog)
        return SocketConnection(fileDescriptor: fd, onClose: onClose)
    }

    /// The port a listening socket got.
    public var port: UInt16 { SocketListener.boundPort(of: fileDescriptor) }

    /// The next connection accepted on this listening socket.
    public func accept(
        onClose: @escaping @Sendable (Int32) -> Void = { _ in }
    ) async throws -> SocketConnection {
        while true {
            let client = Self.acceptSome(fileDescriptor)
            if client >= 0 {
                return SocketConnection(
                    fileDescriptor: client, onClose: onClose)
            }
            guard errno == EAGAIN || errno == ECONNABORTED else {
                throw Self.lastError()
            }
            try await ready(.read)
        }
    }

    /// Echoes every connection `listener` accepts, each in a child task, until
    /// the calling task is cancelled (it then throws `CancellationError`, once
    /// every connection is closed) or `accept` fails.
    public static func echo(
        acceptingOn listener: SocketConnection,
        onClose: @escaping @Sendable (Int32) -> Void = { _ in }
    ) async throws {
        try await withThrowingDiscardingTaskGroup { group in
            while true {
                let connection = try await listener.accept(onClose: onClose)
                group.addTask {
                    defer { connection.close() }
                    do {
                        for try await chunk in connection.reads {
                            try await connection.write(chunk)
                        }
                    } catch {}  // this connection failed, not the server
                }
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SocketConnection {
    /// Runs the echo server and `clients` clients that each send `bytes` bytes
    /// through socket buffers of `bufferSize` bytes and read them back; logs
    /// what came back and how many descriptors were closed, each once.
    public static func echo(
        clients: Int, bytes: Int, bufferSize: Int32,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        enum Closer { case server, client, listener }
        let (closes, closing) = AsyncStream.makeStream(
            of: (Closer, Int32).self)
        let listener = try listen { closing.yield((.listener, $0)) }
        setBufferSizes(listener.fileDescriptor, bufferSize)  // accepted inherit
        let (intact, connected) = await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await echo(acceptingOn: listener) {
                    closing.yield((.server, $0))
                }
            }
            var connected = 0
            let intact = await withTaskGroup(of: Bool.self) { clientGroup in
                for client in 0..<clients {
                    let fd = SocketListener.connectClient(to: listener.port) {
                        setBufferSizes($0, bufferSize)
                    }
                    guard fd >= 0 else { continue }
                    connected += 1
                    let connection = SocketConnection(fileDescriptor: fd) {
                        closing.yield((.client, $0))
                    }
                    clientGroup.addTask {
                        defer { connection.close() }
                        let payload = Self.payload(bytes, seed: client)
                        let echoed = try? await exchange(
                            payload, on: connection)
                        return echoed ?? false
                    }
                }
                return await clientGroup.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            group.cancelAll()  // stops the server
            return (intact, connected)
        }
        listener.close()
        var tally = (server: 0, client: 0, failed: 0, listener: 0)
        for await (closer, result) in closes {
            if result != 0 { tally.failed += 1 }
            switch closer {
            case .server: tally.server += 1
            case .client: tally.client += 1
            case .listener: tally.listener += 1
            }
            let total = tally.server + tally.client + tally.listener
            if total == 2 * connected + 1 { break }
        }
        if tally.listener == 1 { log("listening socket closed") }
        log("\(intact) clients got their \(bytes / 1024) KB back intact")
        log(
            "server closed \(tally.server) descriptors, clients \(tally.client)"
        )
        log("closes that failed: \(tally.failed)")
    }

    /// Sends `payload` while reading the echo; whether it came back intact.
    static func exchange(
        _ payload: Data, on connection: SocketConnection
    )
        async throws -> Bool
    {
        try await withThrowingTaskGroup { group in
            group.addTask { try await connection.write(payload) }
            var received = Data()
            for try await chunk in connection.reads {
                received.append(chunk)
                if received.count >= payload.count { break }
            }
            try await group.waitForAll()
            return received == payload
        }
    }

    /// `bytes` bytes (a multiple of 256) that differ from client to client.
    static func payload(_ bytes: Int, seed: Int) -> Data {
        let block = (0..<256).map { UInt8(truncatingIfNeeded: $0 &+ seed) }
        var payload = Data(capacity: bytes)
        for _ in 0..<bytes / 256 { payload.append(contentsOf: block) }
        return payload
    }

    /// Small kernel buffers, so that writes really hit `EAGAIN`; segments
    /// smaller than the buffers (loopback's are 64 KB), so that the window
    /// reopens as soon as the reader reads; no Nagle delay. Set before
    /// `listen` or `connect`: an accepted socket inherits the listener's.
    public static func setBufferSizes(_ fd: Int32, _ size: Int32) {
        var size = size
        var segment: Int32 = 1024
        var on: Int32 = 1
        let length = socklen_t(MemoryLayout<Int32>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, length)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, length)
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_MAXSEG, &segment, length)
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, length)
    }
}
