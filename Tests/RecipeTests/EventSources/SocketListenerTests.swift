import Foundation
@testable import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct SocketListenerTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let transcript = [
        "listening on 127.0.0.1", "accepted 1", "accepted 2", "accepted 3", "listening socket closed",
    ]

    /// What a listener looked like while it listened.
    struct Listening: Sendable {
        var port: UInt16 = 0
        var descriptor: Int32 = -1
        var inode: UInt64 = 0
    }

    /// Runs one side's driver with 3 clients and returns what its listener looked like.
    static func run(_ side: Side, log: @escaping @Sendable (String) -> Void) async throws -> Listening {
        let seen = Locked(Listening())
        @Sendable func remember(port: UInt16, descriptor: Int32) {
            seen.withLock { $0 = Listening(port: port, descriptor: descriptor, inode: inode(of: descriptor)) }
        }
        switch side {
        case .legacy:
            try await onOwnThread {
                try Legacy.SocketListener.acceptClients(3, timeout: .seconds(10), log: log) {
                    remember(port: $0.port, descriptor: $0.fileDescriptor)
                }
            }
        case .modern:
            try await Modern.SocketListener.acceptClients(3, timeout: .seconds(10), log: log) {
                remember(port: $0.port, descriptor: $0.fileDescriptor)
            }
        }
        return seen.withLock { $0 }
    }

    static func inode(of descriptor: Int32) -> UInt64 {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    /// Whether our socket is gone from `descriptor` (the number itself may have been reused since,
    /// by a file opened in a parallel test, but not for our socket).
    static func isClosed(_ listening: Listening) -> Bool {
        var status = stat()
        if fstat(listening.descriptor, &status) != 0 { return errno == EBADF }
        return UInt64(status.st_ino) != listening.inode
    }

    /// 0 when a connect to 127.0.0.1:`port` succeeds, else its errno.
    static func connectError(port: UInt16) -> Int32 {
        let fd = Legacy.SocketListener.connectClient(to: port)
        let error = errno
        if fd >= 0 {
            close(fd)
            return 0
        }
        return error
    }

    @Test(arguments: Side.allCases)
    func bothAcceptEveryClientThenCloseTheListeningSocketOnce(_ side: Side) async throws {
        let recorder = Recorder()
        let listening = try await Self.run(side, log: recorder.logger)
        #expect(recorder.lines == Self.transcript)
        #expect(listening.port != 0)  // read back with getsockname
    }

    @Test(arguments: Side.allCases)
    func afterwardsTheDescriptorIsClosedAndThePortRefusesConnections(_ side: Side) async throws {
        let listening = try await Self.run(side) { _ in }
        #expect(listening.inode != 0)
        #expect(Self.isClosed(listening))
        #expect(Self.connectError(port: listening.port) == ECONNREFUSED)  // no event can follow
    }

    @Test func legacyCancelHandlerIsTheOnlyClose() async throws {
        // Its `close` succeeds (nobody closed the socket before) and runs once.
        let recorder = Recorder()
        _ = try await Self.run(.legacy, log: recorder.logger)
        #expect(recorder.lines.filter { $0 == "listening socket closed" }.count == 1)
        #expect(!recorder.lines.contains("close failed"))
    }

    @Test func modernLoopEndsOnlyAfterTheListeningSocketIsClosed() async throws {
        let listener = try Modern.SocketListener()
        let listening = Listening(
            port: listener.port, descriptor: listener.fileDescriptor, inode: Self.inode(of: listener.fileDescriptor))
        #expect(!Self.isClosed(listening))
        listener.stop()
        for await _ in listener.connections {}
        #expect(Self.isClosed(listening))
        #expect(Self.connectError(port: listening.port) == ECONNREFUSED)
    }

    @Test func modernConnectionsLeftInTheStreamAreClosedWhenTheConsumerLeaves() async throws {
        var clients: [Int32] = []
        defer { for fd in clients { close(fd) } }
        do {
            let listener = try Modern.SocketListener()
            clients = (0..<3).map { _ in Legacy.SocketListener.connectClient(to: listener.port) }
            #expect(clients.allSatisfy { $0 >= 0 })
            for await _ in listener.connections { break }  // take one; the rest stay behind
        }  // the listener and its stream are released: what the stream still held goes with it
        // Every client sees its connection end (EOF, or a reset for one never accepted): none is
        // held open by a leaked descriptor. The 5 s is a hang guard, not a measurement.
        var ends = clients.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var remaining = clients.count
        while remaining > 0 {
            let ready = poll(&ends, nfds_t(ends.count), 5000)
            #expect(ready > 0, "a client's connection is still open")
            if ready <= 0 { break }
            for index in ends.indices where ends[index].revents != 0 {
                var byte: UInt8 = 0
                #expect(read(ends[index].fd, &byte, 1) <= 0)  // EOF or reset, never data
                ends[index].fd = -1  // poll ignores it from now on
                remaining -= 1
            }
        }
    }

    /// A connection closes its own descriptor when it is released; `duplicateFileDescriptor()`
    /// gives the caller one of its own for the same socket, which outlives the connection.
    @Test func modernDuplicateDescriptorOutlivesTheConnection() async throws {
        let listener = try Modern.SocketListener()
        let client = Legacy.SocketListener.connectClient(to: listener.port)
        defer { close(client) }
        #expect(client >= 0)
        var borrowed = Listening()
        var owned: Int32 = -1
        do {
            var iterator = listener.connections.makeAsyncIterator()
            let connection = try #require(await iterator.next())
            borrowed = Listening(
                port: 0, descriptor: connection.fileDescriptor, inode: Self.inode(of: connection.fileDescriptor))
            owned = connection.duplicateFileDescriptor()
        }  // the connection is released here: its own descriptor closes
        listener.stop()
        for await _ in listener.connections {}
        defer { close(owned) }
        #expect(owned >= 0 && owned != borrowed.descriptor)
        #expect(Self.isClosed(borrowed))
        // The caller's descriptor is still the accepted socket: what the client sends arrives.
        #expect(Self.inode(of: owned) == borrowed.inode)
        var byte: UInt8 = 7
        #expect(write(client, &byte, 1) == 1)
        byte = 0
        #expect(read(owned, &byte, 1) == 1 && byte == 7)
    }

    #if os(Linux)
        @Test func onLinuxSourceDataIsNotThePendingCount() async throws {
            let fd = try Legacy.SocketListener.listenOnLoopback()
            let clients = (0..<3).map { _ in
                Legacy.SocketListener.connectClient(to: Legacy.SocketListener.boundPort(of: fd))
            }
            defer { for client in clients { close(client) } }
            // All three are pending before the source is resumed: its first event sees them all.
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "data"))
            let (events, event) = AsyncStream.makeStream(of: (data: UInt, accepted: Int).self)
            source.setEventHandler {
                let data = source.data
                var accepted = 0
                while true {
                    let client = accept(fd, nil, nil)
                    if client < 0 { break }  // EAGAIN
                    close(client)
                    accepted += 1
                }
                event.yield((data, accepted))
                source.cancel()
            }
            source.setCancelHandler {
                close(fd)
                event.finish()
            }
            source.resume()
            var first: (data: UInt, accepted: Int)?
            for await seen in events where first == nil { first = seen }
            #expect(first?.data == 1)  // Darwin would say 3
            #expect(first?.accepted == 3)  // accepting until EAGAIN takes them all
        }
    #endif
}
