import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 (port 0: the kernel picks), for recipes that call the
/// real `URLSession` with no internet.
///
/// One thread accepts; each connection is served on a thread of its own, one request per
/// connection (`Connection: close`). The accept thread owns the listening socket and closes it
/// when it ends: a socket closed by `stop()` while that thread was between two `accept` calls would
/// free its number for the next socket the process opens (another server's listener, say), and the
/// old thread would then accept that server's connections. Routes:
///
/// - `/text/<words>`: 200 with the words as the body;
/// - `/bytes/<n>`: 200 with `n` bytes (`i % 251`), written in chunks of `chunk` bytes with a
///   `Content-Length`, so that a client sees several progress events;
/// - `/status/<code>`: that status with an empty body;
/// - `/hold`: the headers and the first chunk of a 1 MB body, then nothing until the client
///   closes the connection (recorded as `closed /hold`) or `release()` ends it: for cancelling a
///   request in flight.
///
/// `requests` lists the paths requested and the `closed …` events, in order; `whenRequested` waits
/// for one.
public final class LoopbackHTTPServer: Sendable {
    public let port: UInt16
    private let listener: Int32
    /// The self-pipe that wakes the accept thread for `stop()`: read end, write end.
    private let wake: (read: Int32, write: Int32)
    private let chunk: Int
    private let state = Locked(
        (
            requests: [String](), held: [Int32](), released: false, stopped: false,
            watchers: [(path: String, action: @Sendable () -> Void)]()
        ))

    public init(chunk: Int = 16 * 1024) throws {
        self.chunk = chunk
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(fd)
            throw POSIXError(.EMFILE)
        }
        port = UInt16(bigEndian: actual.sin_port)
        listener = fd
        wake = (pipeEnds[0], pipeEnds[1])
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer"
        thread.start()
    }

    /// The base URL, `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The URL of a path on this server.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The paths requested so far, in arrival order.
    public var requests: [String] { state.withLock { $0.requests } }

    /// Runs `action` once `path` has been requested (or `closed /hold` has happened): at once if it
    /// has, else on the server's thread when it does (for a request, before the response).
    public func whenRequested(_ path: String, _ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if state.requests.contains(path) { return true }
            state.watchers.append((path, action))
            return false
        }
        if now { action() }
    }

    /// Ends every `/hold` response (and those to come): the server closes the connection.
    public func release() {
        state.withLock { state in
            state.released = true
            // Inside the lock: a connection's thread removes its descriptor from `held` under
            // this lock before it closes it, so each one here is still open (not a reused number).
            for fd in state.held { shutdown(fd, Int32(SHUT_RDWR)) }  // its thread closes it
            state.held = []
        }
    }

    /// Stops accepting and releases held responses; the accept thread closes the listener.
    public func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        release()
        var byte: UInt8 = 0
        _ = write(wake.write, &byte, 1)
    }

    deinit { stop() }

    private func acceptLoop() {
        defer {
            close(listener)
            close(wake.read)
            close(wake.write)
        }
        var watched = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || watched[1].revents != 0 || state.withLock({ $0.stopped }) { return }
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED { continue }
                return
            }
            var noSigpipe: Int32 = 1
            #if canImport(Darwin)
                setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &noSigpipe, socklen_t(MemoryLayout<Int32>.size))
            #else
                _ = noSigpipe
            #endif
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        guard let path = readRequestPath(fd) else {
            close(fd)
            return
        }
        record(path)
        let parts = path.split(separator: "/").map(String.init)
        switch (parts.first, parts.count) {
        case ("text", 2):
            respond(fd, status: 200, body: Data((parts[1].removingPercentEncoding ?? parts[1]).utf8))
        case ("bytes", 2):
            let count = Int(parts[1]) ?? 0
            respond(fd, status: 200, body: Data((0..<count).map { UInt8($0 % 251) }))
        case ("status", 2):
            respond(fd, status: Int(parts[1]) ?? 500, body: Data())
        case ("hold", 1):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: 1048576\r\nConnection: close\r\n\r\n"
            send(fd, Data(head.utf8) + Data(repeating: 7, count: chunk))
            let keep = state.withLock { state in
                if state.released { return false }
                state.held.append(fd)
                return true
            }
            if keep {
                // Wait for the client to close its end (or for `release`).
                var byte: UInt8 = 0
                while read(fd, &byte, 1) > 0 {}
                let released = state.withLock { state in
                    state.held.removeAll { $0 == fd }
                    return state.released
                }
                if !released { record("closed \(path)") }
            }
            close(fd)
            return
        default:
            respond(fd, status: 404, body: Data())
        }
        close(fd)
    }

    /// Appends `event` to `requests` and runs the actions waiting for it.
    private func record(_ event: String) {
        let due = state.withLock { state in
            state.requests.append(event)
            let due = state.watchers.filter { $0.path == event }.map(\.action)
            state.watchers.removeAll { $0.path == event }
            return due
        }
        for action in due { action() }
    }

    private func respond(_ fd: Int32, status: Int, body: Data) {
        let head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(body.count)\r\n"
            + "Content-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
        send(fd, Data(head.utf8))
        var offset = 0
        while offset < body.count {
            let end = min(offset + chunk, body.count)
            guard send(fd, body[offset..<end]) else { return }
            offset = end
        }
    }

    @discardableResult
    private func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                #if canImport(Darwin)
                    let flags: Int32 = 0
                #else
                    let flags = Int32(MSG_NOSIGNAL)
                #endif
                let n = Foundation.send(fd, buffer.baseAddress! + sent, buffer.count - sent, flags)
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    /// Reads up to the end of the request head and returns the path of its request line.
    private func readRequestPath(_ fd: Int32) -> String? {
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return nil }
            head.append(contentsOf: buffer[0..<n])
            if head.count > 65536 { return nil }
        }
        guard let line = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first else { return nil }
        let words = line.split(separator: " ")
        return words.count >= 2 ? String(words[1]) : nil
    }
}
