import Foundation

/// A listening socket whose accepted connections arrive as an `AsyncStream`.
///
/// Swift concurrency has no kernel event API, so the dispatch read source
/// stays; what changes is the consumer, which writes `for await connection in
/// listener.connections`. Leaving that loop terminates the stream, whose
/// `onTermination` cancels the source; the cancel handler closes the listening
/// socket and finishes the stream, so a loop that runs to its end has seen the
/// socket closed. The weak/strong `self` dance of the Objective-C version
/// becomes the lifetime of the loop.
public nonisolated struct SocketListener: Sendable {
    /// The port the kernel chose (the socket is bound to port 0).
    public let port: UInt16
    /// The listening socket; closed by the cancel handler.
    public let fileDescriptor: Int32
    /// The accepted connections; each closes its fd when it is released.
    public let connections: AsyncStream<Connection>
    private let source: DispatchSource

    /// Listens on 127.0.0.1 and starts accepting.
    public init() throws {
        let fd = try Self.listenOnLoopback()
        fileDescriptor = fd
        port = Self.boundPort(of: fd)
        let (connections, continuation) = AsyncStream.makeStream(
            of: Connection.self)
        // `any DispatchSourceRead` is not `Sendable`; the class behind it is.
        let source =
            DispatchSource.makeReadSource(
                fileDescriptor: fd, queue: DispatchQueue(label: "accept"))
            as! DispatchSource
        source.setEventHandler {
            while true {
                let client = accept(fd, nil, nil)
                if client >= 0 {
                    continuation.yield(Connection(fileDescriptor: client))
                } else if errno != EINTR && errno != ECONNABORTED {
                    break  // EAGAIN: nothing pending (or a real error)
                }
            }
        }
        source.setCancelHandler {
            close(fd)  // the one close: the source has stopped watching `fd`
            continuation.finish()
        }
        continuation.onTermination = { _ in source.cancel() }
        source.resume()
        self.connections = connections
        self.source = source
    }

    /// Stops accepting; `connections` finishes once the socket is closed.
    public func stop() { source.cancel() }

    /// An accepted connection that owns its descriptor and closes it when it
    /// is released: one left unread in the stream's buffer when the consumer
    /// leaves closes when the stream goes.
    public final class Connection: Sendable {
        /// Borrowed from the connection: valid only while it is alive, and
        /// Swift may release an object right after its last use, before the
        /// end of the scope. Use it inside `withExtendedLifetime(connection)
        /// { … }`, or keep a descriptor of your own from
        /// `duplicateFileDescriptor()`.
        public let fileDescriptor: Int32

        init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

        /// A new descriptor for the same socket (`dup`) that the caller owns
        /// and closes, or hands to `FileHandle(fileDescriptor:
        /// closeOnDealloc: true)` or a source; the connection still closes
        /// its own. -1 if `dup` failed (`errno` says why).
        public func duplicateFileDescriptor() -> Int32 { dup(fileDescriptor) }

        deinit { close(fileDescriptor) }
    }
}

// MARK: - A non-blocking socket on 127.0.0.1, port 0

nonisolated extension SocketListener {
    /// Creates, binds and listens; the kernel picks a free port.
    static func listenOnLoopback(backlog: Int32 = 16) throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno)!) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0  // an ephemeral port
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, backlog) == 0,
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0
        else {
            let error = errno
            close(fd)
            throw POSIXError(.init(rawValue: error)!)
        }
        return fd
    }

    /// The port a bound socket got, read back with `getsockname`.
    static func boundPort(of fd: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(fd, $0, &length)
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SocketListener {
    /// Accepts `clients` loopback connections that it opens itself, waiting
    /// at most `timeout` for them, then stops.
    public static func acceptClients(
        _ clients: Int, timeout: Duration,
        log: @escaping @Sendable (String) -> Void,
        onListening: (SocketListener) -> Void = { _ in }
    ) async throws {
        let listener = try SocketListener()
        log("listening on 127.0.0.1")
        onListening(listener)
        let sockets = (0..<clients).map { _ in connectClient(to: listener.port)
        }
        defer { for fd in sockets where fd >= 0 { close(fd) } }
        let deadline = Task {
            do { try await Task.sleep(for: timeout) } catch { return }
            log("timed out")
            listener.stop()
        }
        var accepted = 0
        for await _ in listener.connections {  // each closes when released
            accepted += 1
            log("accepted \(accepted)")
            if accepted == clients { listener.stop() }
        }
        deadline.cancel()
        log("listening socket closed")
    }

    /// A blocking client socket connected to 127.0.0.1:`port` (-1 on error);
    /// `configure` sets its options before it connects.
    ///
    /// A loopback connect to a listening socket completes at once, from the
    /// backlog, before anyone accepts it.
    public static func connectClient(
        to port: UInt16, configure: (Int32) -> Void = { _ in }
    ) -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return -1 }
        configure(fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if connected != 0 {
            close(fd)
            return -1
        }
        return fd
    }
}
