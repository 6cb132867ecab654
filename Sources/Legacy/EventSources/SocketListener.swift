import Foundation

/// A listening socket whose connections are accepted by a dispatch read
/// source.
///
/// The source fires when the socket is readable, that is when connections are
/// pending. The handler accepts until `accept` fails with `EAGAIN`: on Linux
/// `source.data` is 1, not the number pending, and events that arrive while
/// the handler runs are coalesced. The descriptor is closed only in the cancel
/// handler, when the source no longer watches it.
public final class SocketListener: @unchecked Sendable {
    // @unchecked Sendable: every property is a constant set in `init`, and a
    // dispatch source may be cancelled from any thread.

    /// The port the kernel chose (the socket is bound to port 0).
    public let port: UInt16
    /// The listening socket; closed by the cancel handler.
    public let fileDescriptor: Int32
    private let source: DispatchSourceRead

    /// Listens on 127.0.0.1; `onAccept` runs on `queue` and owns each fd.
    public init(
        queue: DispatchQueue,
        backlog: Int32 = 16,
        log: @escaping @Sendable (String) -> Void,
        onAccept: @escaping (Int32) -> Void,
        onCancel: @escaping () -> Void
    ) throws {
        let fd = try Self.listenOnLoopback(backlog: backlog)
        fileDescriptor = fd
        port = Self.boundPort(of: fd)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            while true {
                let client = accept(fd, nil, nil)
                if client >= 0 {
                    onAccept(client)
                } else if errno != EINTR && errno != ECONNABORTED {
                    break  // EAGAIN: nothing pending (or a real error)
                }
            }
        }
        source.setCancelHandler {
            // The one close: the source has stopped watching `fd`.
            let closed = close(fd) == 0
            log(closed ? "listening socket closed" : "close failed")
            onCancel()
        }
        source.resume()
        self.source = source
    }

    /// Stops accepting; the cancel handler closes the socket.
    public func cancel() { source.cancel() }
}

// MARK: - A non-blocking socket on 127.0.0.1, port 0

extension SocketListener {
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

extension SocketListener {
    /// Accepts `clients` loopback connections that it opens itself, waiting
    /// at most `timeout` for them, then cancels. Blocks the calling thread.
    public static func acceptClients(
        _ clients: Int, timeout: Duration,
        log: @escaping @Sendable (String) -> Void,
        onListening: (SocketListener) -> Void = { _ in }
    ) throws {
        let allAccepted = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        var accepted = 0  // touched only on the source's queue
        let listener = try SocketListener(
            queue: DispatchQueue(label: "accept"), log: log,
            onAccept: { fd in
                accepted += 1
                log("accepted \(accepted)")
                close(fd)
                if accepted == clients { allAccepted.signal() }
            },
            onCancel: { cancelled.signal() })
        log("listening on 127.0.0.1")
        onListening(listener)
        let sockets = (0..<clients).map { _ in connectClient(to: listener.port)
        }
        if allAccepted.wait(timeout: .now() + timeout.timeInterval) == .timedOut
        {
            log("timed out")
        }
        listener.cancel()
        cancelled.wait()
        for fd in sockets where fd >= 0 { close(fd) }
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

extension Duration {
    fileprivate var timeInterval: TimeInterval { self / .seconds(1) }
}
