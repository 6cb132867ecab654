import Foundation
@testable import Legacy
@testable import Modern
import RecipeKit
import Testing

/// Every test uses real loopback sockets on 127.0.0.1 with small kernel buffers.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct SocketConnectionTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, legacyBlocking, modern
    }

    static let bufferSize: Int32 = 4096

    static func transcript(clients: Int) -> [String] {
        [
            "listening socket closed",
            "\(clients) clients got their 64 KB back intact",
            "server closed \(clients) descriptors, clients \(clients)",
            "closes that failed: 0",
        ]
    }

    static func run(_ side: Side, clients: Int, log: @escaping @Sendable (String) -> Void) async throws {
        switch side {
        case .legacy, .legacyBlocking:
            try await onOwnThread {
                try Legacy.SocketConnection.echo(
                    clients: clients, bytes: 64 * 1024, bufferSize: bufferSize, blocking: side == .legacyBlocking,
                    log: log)
            }
        case .modern:
            try await Modern.SocketConnection.echo(
                clients: clients, bytes: 64 * 1024, bufferSize: bufferSize, log: log)
        }
    }

    /// A connected loopback pair with small buffers: (client, accepted).
    static func loopbackPair() throws -> (Int32, Int32) {
        let listener = try Legacy.SocketListener.listenOnLoopback()
        defer { close(listener) }
        Legacy.SocketConnection.setBufferSizes(listener, bufferSize)
        let client = Legacy.SocketListener.connectClient(to: Legacy.SocketListener.boundPort(of: listener)) {
            Legacy.SocketConnection.setBufferSizes($0, bufferSize)
        }
        try #require(client >= 0)
        var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 5000)  // a hang guard: the connection is already pending
        let accepted = accept(listener, nil, nil)
        try #require(accepted >= 0)
        return (client, accepted)
    }

    /// Waits (at most 5 s, a hang guard) until `fd` is readable; whether it is.
    static func waitReadable(_ fd: Int32) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 5000) > 0
    }

    /// Reads `fd` (blocking) until the end of the stream; everything read.
    static func readToEnd(_ fd: Int32) -> Data {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var all = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while case let count = read(fd, &buffer, buffer.count), count > 0 { all.append(contentsOf: buffer[..<count]) }
        return all
    }

    // MARK: Both sides

    @Test(arguments: Side.allCases)
    func everyClientGetsItsBytesBackAndEveryDescriptorIsClosedOnce(_ side: Side) async throws {
        let recorder = Recorder()
        try await Self.run(side, clients: 8, log: recorder.logger)
        #expect(recorder.lines == Self.transcript(clients: 8))
    }

    @Test func smallBuffersMakeANonBlockingWriteStopAtEAGAIN() throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client); close(accepted) }
        Legacy.SocketConnection.makeNonBlocking(client)
        var written = 0
        while true {  // nobody reads the other end
            let count = Legacy.SocketConnection.writeSome(client, Data(count: 16 * 1024))
            if count < 0 { break }
            written += count
        }
        #expect(errno == EAGAIN)
        #expect(written > 0 && written < 256 * 1024)  // the kernel took only what its buffers hold
    }

    // MARK: Legacy

    @Test func legacyCloseWritesTheBufferedOutputFirstThenClosesOnce() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let payload = Legacy.SocketConnection.payload(256 * 1024, seed: 1)
        let closes = Locked<[Int32]>([])
        let (closed, closing) = AsyncStream.makeStream(of: Void.self)
        let connection = Legacy.SocketConnection(
            fileDescriptor: accepted, queue: DispatchQueue(label: "legacy-close"), onData: { _, _ in },
            onEnd: { _ in },
            onClose: { code in
                closes.withLock { $0.append(code) }
                closing.finish()
            })
        connection.write(payload)  // far more than the buffers hold: most of it waits in `output`
        connection.close()
        connection.close()  // a second close changes nothing
        #expect(Self.readToEnd(client) == payload)  // all of it, then the end of the stream
        for await _ in closed {}
        #expect(closes.withLock { $0 } == [0])
    }

    @Test func legacyWriteToAClosedPeerDropsTheOutputAndStillClosesOnce() async throws {
        let (client, accepted) = try Self.loopbackPair()
        close(client)
        let (results, result) = AsyncStream.makeStream(of: Int32.self)
        let connection = Legacy.SocketConnection(
            fileDescriptor: accepted, queue: DispatchQueue(label: "legacy-peer-gone"), onData: { _, _ in },
            onEnd: { $0.close() },
            onClose: {
                result.yield($0)
                result.finish()
            })
        connection.write(Data(count: 256 * 1024))  // EPIPE or ECONNRESET, never SIGPIPE
        var seen: [Int32] = []
        for await code in results { seen.append(code) }
        #expect(seen == [0])
    }

    // MARK: Modern

    @Test func modernReadsEndAtTheEndOfTheStream() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        defer { connection.close() }
        #expect(write(client, "hello", 5) == 5)
        shutdown(client, Int32(SHUT_WR))
        var received = Data()
        for try await chunk in connection.reads { received.append(chunk) }
        #expect(received == Data("hello".utf8))
    }

    @Test func modernWriteSuspendsAtEAGAINAndResumesWhenThePeerReads() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        let payload = Modern.SocketConnection.payload(256 * 1024, seed: 2)
        let writer = Task {
            try await connection.write(payload)
            connection.close()
        }
        #expect(Self.readToEnd(client) == payload)  // reading is what lets the write finish
        try await writer.value
    }

    @Test func modernCancellingASuspendedWriteThrowsAndLeavesTheRestUnwritten() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        let writer = Task { try await connection.write(Data(count: 1024 * 1024)) }
        #expect(Self.waitReadable(client))  // the write has started; the peer reads nothing yet
        writer.cancel()
        await #expect(throws: CancellationError.self) { try await writer.value }
        connection.close()
        #expect(Self.readToEnd(client).count < 1024 * 1024)
    }

    @Test func modernReadInACancelledTaskThrowsInsteadOfWaiting() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        defer { connection.close() }
        let reader = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await connection.read()  // nothing to read: it would wait
        }
        await #expect(throws: CancellationError.self) { try await reader.value }
    }

    @Test func modernCloseClosesOnceAndReleasingClosesToo() async throws {
        let (results, result) = AsyncStream.makeStream(of: Int32.self)
        let (first, firstAccepted) = try Self.loopbackPair()
        let (second, secondAccepted) = try Self.loopbackPair()
        defer { close(first); close(second) }
        let closed = Modern.SocketConnection(fileDescriptor: firstAccepted) { result.yield($0) }
        closed.close()
        closed.close()  // does nothing
        do { _ = Modern.SocketConnection(fileDescriptor: secondAccepted) { result.yield($0) } }  // released
        var seen: [Int32] = []
        for await code in results {
            seen.append(code)
            if seen.count == 2 { break }
        }
        #expect(seen == [0, 0])
        // Both peers see the end of the stream: the descriptors are really closed.
        #expect(Self.readToEnd(first).isEmpty && Self.readToEnd(second).isEmpty)
    }

    @Test func modernWriteToAClosedPeerThrowsInsteadOfRaisingSIGPIPE() async throws {
        let (client, accepted) = try Self.loopbackPair()
        close(client)
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        defer { connection.close() }
        await #expect(throws: POSIXError.self) {
            for _ in 0..<64 { try await connection.write(Data(count: 64 * 1024)) }
        }
    }

    @Test func modernAcceptOnASocketThatIsNotListeningThrows() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        defer { connection.close() }
        await #expect(throws: POSIXError.self) { _ = try await connection.accept() }
    }

    @Test func modernEmptyWriteReturnsAtOnce() async throws {
        let (client, accepted) = try Self.loopbackPair()
        defer { close(client) }
        let connection = Modern.SocketConnection(fileDescriptor: accepted)
        try await connection.write(Data())
        connection.close()
        #expect(Self.readToEnd(client).isEmpty)
    }

    @Test func modernCancellingTheServerClosesEveryConnectionItAccepted() async throws {
        let (serverCloses, serverClosing) = AsyncStream.makeStream(of: Int32.self)
        let listener = try Modern.SocketConnection.listen()
        defer { listener.close() }
        let server = Task {
            try await Modern.SocketConnection.echo(acceptingOn: listener) { serverClosing.yield($0) }
        }
        var clients: [Int32] = []
        defer { for fd in clients { close(fd) } }
        for _ in 0..<3 {
            let fd = Legacy.SocketListener.connectClient(to: listener.port)
            try #require(fd >= 0)
            clients.append(fd)
            #expect(write(fd, "x", 1) == 1)
            #expect(Self.waitReadable(fd))  // echoed: the server has accepted it
            var byte: UInt8 = 0
            #expect(read(fd, &byte, 1) == 1 && byte == UInt8(ascii: "x"))
        }
        server.cancel()
        await #expect(throws: CancellationError.self) { try await server.value }
        var closed: [Int32] = []
        for await code in serverCloses {
            closed.append(code)
            if closed.count == 3 { break }
        }
        #expect(closed == [0, 0, 0])
        for fd in clients { #expect(Self.readToEnd(fd).isEmpty) }  // each sees the end of the stream
    }
}
