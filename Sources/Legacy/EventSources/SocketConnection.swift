import Foundation

/// A non-blocking socket connection driven by dispatch sources: a read source
/// for its whole life, a write source only while output is buffered.
///
/// Everything runs on the connection's serial queue, so its state needs no
/// lock. The read source hands each chunk to `onData` as it arrives. `write`
/// writes what the socket takes and buffers the rest; a write source, created
/// when the socket says `EAGAIN` and cancelled once the buffer is empty,
/// writes it out as room appears. `close` waits for the buffer to drain and
/// cancels the sources; the last cancel handler closes the descriptor. Up to
/// two sources watch it, and closing it while one still does lets its number
/// be reused under that source (GCDAsyncSocket counts its sources the same
/// way). Each source's handlers retain the connection until it is cancelled.
public final class SocketConnection: @unchecked Sendable {
    // @unchecked Sendable: the mutable state is touched only on `queue`.

    public let fileDescriptor: Int32
    private let queue: DispatchQueue
    private let onClose: @Sendable (Int32) -> Void
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var output = Data()  // accepted by `write`, not yet written
    private var liveSources = 0  // sources whose cancel handler has not run
    private var closing = false

    /// Makes `fd` non-blocking and starts reading. On `queue`: `onData` gets
    /// each chunk, `onEnd` the peer's end of stream (or an error), `onClose`
    /// the result of the one `close` (0: closed).
    public init(
        fileDescriptor fd: Int32, queue: DispatchQueue,
        onData: @escaping (SocketConnection, Data) -> Void,
        onEnd: @escaping (SocketConnection) -> Void,
        onClose: @escaping @Sendable (Int32) -> Void = { _ in }
    ) {
        fileDescriptor = fd
        self.queue = queue
        self.onClose = onClose
        Self.makeNonBlocking(fd)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: fd, queue: queue)
        // The state the handlers read is set before they are, so that they
        // see it whichever thread runs them.
        readSource = source
        liveSources = 1
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {  // read until EAGAIN: events coalesce
                let count = Self.readSome(fd, into: &buffer)
                if count > 0 {
                    onData(self, Data(buffer[..<count]))
                } else {
                    if count == 0 || errno != EAGAIN {  // end of stream
                        self.readSource?.cancel()
                        onEnd(self)
                    }
                    return
                }
            }
        }
        source.setCancelHandler {
            self.readSource = nil  // releases the handlers, and `self`
            self.sourceCancelled()
        }
        source.resume()
    }
}

// MARK: - Writing and closing: a write source while output waits

extension SocketConnection {
    /// Sends `data` after what is already buffered; returns at once.
    public func write(_ data: Data) {
        queue.async {
            guard !self.closing else { return }
            self.output.append(data)
            self.flush()
        }
    }

    /// Closes once the buffered output is written: cancels the sources, and
    /// the last cancel handler closes the descriptor.
    public func close() {
        queue.async {
            guard !self.closing else { return }
            self.closing = true
            self.readSource?.cancel()
            if self.output.isEmpty { self.writeSource?.cancel() }
            if self.liveSources == 0 { self.closeDescriptor() }
        }
    }

    /// Writes until the buffer is empty or the socket says `EAGAIN`, and keeps
    /// a write source only while output remains.
    private func flush() {
        while !output.isEmpty {
            let written = Self.writeSome(fileDescriptor, output)
            if written > 0 {
                output.removeFirst(written)
            } else if errno == EAGAIN {
                break  // the socket's buffer is full
            } else {
                output.removeAll()  // the peer is gone (EPIPE, ECONNRESET)
            }
        }
        if output.isEmpty {
            writeSource?.cancel()
            writeSource = nil
        } else if writeSource == nil {
            let source = DispatchSource.makeWriteSource(
                fileDescriptor: fileDescriptor, queue: queue)
            source.setEventHandler { self.flush() }
            source.setCancelHandler { self.sourceCancelled() }
            writeSource = source
            liveSources += 1
            source.resume()
        }
    }

    private func sourceCancelled() {
        liveSources -= 1
        if closing && liveSources == 0 { closeDescriptor() }
    }

    private func closeDescriptor() {
        onClose(Self.closeSocket(fileDescriptor))  // the only close
    }
}

// MARK: - Non-blocking system calls

extension SocketConnection {
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
                read(fd, $0.baseAddress, $0.count)
            }
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// One `send`, retried on `EINTR`: the count written, or -1 with `errno`
    /// set (`EAGAIN`: the socket's buffer is full). Never raises `SIGPIPE`.
    static func writeSome(_ fd: Int32, _ data: Data) -> Int {
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

    /// `close(2)`, named apart so that `close()` above does not shadow it.
    static func closeSocket(_ fd: Int32) -> Int32 { Foundation.close(fd) }
}

// MARK: - The server: a read source per connection, over reader queues

extension SocketConnection {
    /// Echoes every connection accepted on 127.0.0.1; connection k reads on
    /// `readers[k % readers.count]`. Cancel the listener to stop accepting.
    public static func echoServer(
        readers: [DispatchQueue],
        log: @escaping @Sendable (String) -> Void,
        onClose: @escaping @Sendable (Int32) -> Void
    ) throws -> SocketListener {
        var accepted = 0  // touched only on the accept queue
        return try SocketListener(
            queue: DispatchQueue(label: "accept"), backlog: 128, log: log,
            onAccept: { fd in
                let queue = readers[accepted % readers.count]
                accepted += 1
                _ = SocketConnection(
                    fileDescriptor: fd, queue: queue,
                    onData: { connection, chunk in connection.write(chunk) },
                    onEnd: { connection in connection.close() },
                    onClose: onClose)
            },
            onCancel: {})
    }
}

// MARK: - The blocking form: a thread per connection

extension SocketConnection {
    /// Echoes every connection accepted on 127.0.0.1 with blocking calls, one
    /// global-queue block per connection: each holds a thread for as long as
    /// its connection lasts, blocked in `read` or `send`.
    public static func blockingEchoServer(
        log: @escaping @Sendable (String) -> Void,
        onClose: @escaping @Sendable (Int32) -> Void
    ) throws -> SocketListener {
        try SocketListener(
            queue: DispatchQueue(label: "accept"), backlog: 128, log: log,
            onAccept: { fd in
                DispatchQueue.global().async {
                    // Darwin's accept inherits the listener's O_NONBLOCK.
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                    echo: while true {
                        let count = readSome(fd, into: &buffer)
                        guard count > 0 else { break }
                        var chunk = Data(buffer[..<count])
                        while !chunk.isEmpty {  // blocks while the peer is full
                            let written = writeSome(fd, chunk)
                            guard written > 0 else { break echo }
                            chunk.removeFirst(written)
                        }
                    }
                    onClose(closeSocket(fd))
                }
            },
            onCancel: {})
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SocketConnection {
    /// Runs an echo server (event-driven, or `blocking`) and `clients` clients
    /// that each send `bytes` bytes through socket buffers of `bufferSize`
    /// bytes and read them back; logs what came back and how many descriptors
    /// were closed, each once. Blocks the calling thread.
    public static func echo(
        clients: Int, bytes: Int, bufferSize: Int32, blocking: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) throws {
        let done = DispatchGroup()
        let tally = CloseTally()
        let closed: @Sendable (Int32, Bool) -> Void = { result, byServer in
            tally.count(result, byServer: byServer)
            done.leave()
        }
        let listenerClosed = DispatchSemaphore(value: 0)
        let logClose: @Sendable (String) -> Void = {
            log($0)
            listenerClosed.signal()
        }
        let onServerClose: @Sendable (Int32) -> Void = {
            closed($0, true)
        }
        done.enter()  // balanced below, once every client has connected
        let listener =
            blocking
            ? try blockingEchoServer(log: logClose, onClose: onServerClose)
            : try echoServer(
                readers: (0..<4).map { DispatchQueue(label: "reader-\($0)") },
                log: logClose, onClose: onServerClose)
        setBufferSizes(listener.fileDescriptor, bufferSize)  // accepted inherit
        for client in 0..<clients {
            let fd = SocketListener.connectClient(to: listener.port) {
                setBufferSizes($0, bufferSize)
            }
            guard fd >= 0 else { continue }
            done.enter()  // the server's close
            done.enter()  // the client's close
            let payload = Self.payload(bytes, seed: client)
            var received = Data()  // touched only on the client's queue
            let connection = SocketConnection(
                fileDescriptor: fd,
                queue: DispatchQueue(label: "client-\(client)"),
                onData: { connection, chunk in
                    received.append(chunk)
                    guard received.count >= payload.count else { return }
                    if received == payload { tally.countIntact() }
                    connection.close()
                },
                onEnd: { connection in connection.close() },
                onClose: { closed($0, false) })
            connection.write(payload)
        }
        done.leave()
        done.wait()
        listener.cancel()
        listenerClosed.wait()
        tally.report(bytes: bytes, log: log)
    }

    /// What the driver counts, from the reader queues and the global queue.
    final class CloseTally: @unchecked Sendable {
        // @unchecked Sendable: every count is read and written under `lock`.
        private let lock = NSLock()
        private var server = 0, client = 0, failed = 0, intact = 0

        func count(_ result: Int32, byServer: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if result != 0 { failed += 1 }
            if byServer { server += 1 } else { client += 1 }
        }

        func countIntact() {
            lock.lock()
            defer { lock.unlock() }
            intact += 1
        }

        func report(bytes: Int, log: (String) -> Void) {
            lock.lock()
            defer { lock.unlock() }
            log("\(intact) clients got their \(bytes / 1024) KB back intact")
            log("server closed \(server) descriptors, clients \(client)")
            log("closes that failed: \(failed)")
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
