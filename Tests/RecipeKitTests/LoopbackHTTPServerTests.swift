import Foundation
import RecipeKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite(.timeLimit(.minutes(1))) struct LoopbackHTTPServerTests {
    /// A server stopped while its accept thread is between two `accept` calls never takes the
    /// next server's connections.
    ///
    /// `stop()` used to close the listening socket itself; the next server's socket then got the
    /// same number, and the stopped server's thread accepted on it and recorded the request as its
    /// own. Under load, `urlsession-data-task`'s "cancelled" scenario waited for ever for a `/hold`
    /// its server never saw (hung in 3 of 10 `compare --runs 30` invocations, and another's
    /// `/hold` was cut by the old server's `release()`). Each round here connects to the old
    /// server and stops it at once, so its thread is in that window as often as the machine
    /// allows.
    @Test func aStoppedServerNeverTakesTheNextServersConnections() throws {
        var misrouted: [Int] = []
        for round in 0..<300 {
            let old = try LoopbackHTTPServer()
            let pending = try dial(old.port)
            old.stop()
            let new = try LoopbackHTTPServer()
            let body = try get("/text/round\(round)", port: new.port)
            close(pending)
            new.stop()
            #expect(String(decoding: body, as: UTF8.self) == "round\(round)")
            if new.requests != ["/text/round\(round)"] { misrouted.append(round) }
        }
        #expect(misrouted == [])
    }

    @Test func servesTheRoutesItDocuments() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        #expect(try get("/text/hello", port: server.port) == Array("hello".utf8))
        #expect(try get("/bytes/300", port: server.port) == (0..<300).map { UInt8($0 % 251) })
        #expect(server.requests == ["/text/hello", "/bytes/300"])
    }

    /// Connects to 127.0.0.1:`port` and returns the socket.
    private func dial(_ port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        return fd
    }

    /// Sends `GET path` and returns the body (the server closes the connection after it).
    private func get(_ path: String, port: UInt16) throws -> [UInt8] {
        let fd = try dial(port)
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard write(fd, request, request.count) == request.count else { throw POSIXError(.EPIPE) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        let separator = Array("\r\n\r\n".utf8)
        guard let end = response.indices.first(where: { response[$0...].starts(with: separator) })
        else { throw POSIXError(.EBADMSG) }
        return Array(response[(end + separator.count)...])
    }
}
