import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Both sides call the real `URLSession` against a loopback server on 127.0.0.1.
@Suite(.timeLimit(.minutes(1))) struct HTTPClientTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func legacyFetch(_ url: URL) async -> Result<Data, any Error> {
        await withCheckedContinuation { done in
            Legacy.HTTPClient(completionQueue: DispatchQueue(label: "test.ui")).fetch(url) { done.resume(returning: $0) }
        }
    }

    static func modernFetch(_ url: URL) async -> Result<Data, any Error> {
        do { return .success(try await Modern.HTTPClient().fetch(url)) } catch { return .failure(error) }
    }

    static func fetch(_ side: Side, _ url: URL) async -> Result<Data, any Error> {
        switch side {
        case .legacy: await legacyFetch(url)
        case .modern: await modernFetch(url)
        }
    }

    /// Waits until the server has seen `event` (a path, or `closed /hold`).
    static func until(_ server: LoopbackHTTPServer, _ event: String) async {
        await withCheckedContinuation { seen in server.whenRequested(event) { seen.resume() } }
    }

    @Test(arguments: Side.allCases)
    func bothSidesFetchTheSameBodies(_ side: Side) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        #expect(try await Self.fetch(side, server.url("/text/hello")).get() == Data("hello".utf8))
        let body = try await Self.fetch(side, server.url("/bytes/50000")).get()
        #expect(body == Data((0..<50000).map { UInt8($0 % 251) }))
        #expect(try await Self.fetch(side, server.url("/bytes/0")).get().isEmpty)
    }

    /// Bad input and failures: a 404 and a 500 are errors (the session itself does not throw for
    /// them), and so is a port nobody listens on; the UI shows each of them.
    @Test(arguments: Side.allCases)
    func badStatusesAndRefusedConnectionsAreErrors(_ side: Side) async throws {
        let server = try LoopbackHTTPServer()
        for code in [404, 500] {
            let result = await Self.fetch(side, server.url("/status/\(code)"))
            #expect(statusCode(side, result.failureValue) == code)
        }
        let closedPort = server.url("/text/hello")
        server.stop()
        let refused = await Self.fetch(side, closedPort)
        #expect(throws: URLError.self) { try refused.get() }
        if case .failure(let error) = refused {
            #expect((error as? URLError)?.code != .cancelled)
            #expect(message(side, error) != nil)
        }
    }

    /// Cancelling a request in flight: the legacy caller cancels the kept task, the modern one the
    /// awaiting task. Both get `URLError.cancelled` (not `CancellationError`), and the UI shows
    /// nothing for it.
    @Test(arguments: Side.allCases)
    func aCancelledRequestIsNotAnErrorToShow(_ side: Side) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let error: (any Error)?
        switch side {
        case .legacy:
            let client = Legacy.HTTPClient(completionQueue: DispatchQueue(label: "test.ui"))
            error = await withCheckedContinuation { done in
                let task = client.fetch(server.url("/hold")) { result in
                    if case .failure(let error) = result { done.resume(returning: error) } else { done.resume(returning: nil) }
                }
                server.whenRequested("/hold") { task.cancel() }
            }
        case .modern:
            let request = Task { try await Modern.HTTPClient().fetch(server.url("/hold")) }
            await Self.until(server, "/hold")
            request.cancel()
            if case .failure(let failure) = await request.result { error = failure } else { error = nil }
        }
        let failure = try #require(error)
        #expect((failure as? URLError)?.code == .cancelled)
        #expect(!(failure is CancellationError))
        #expect(message(side, failure) == nil)
        await Self.until(server, "closed /hold")  // the connection was closed, not left open
    }

    /// A modern caller cancelled before it asks still hears a cancellation the UI ignores.
    @Test func aRequestFromACancelledTaskIsNotShownEither() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let request = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Modern.HTTPClient().fetch(server.url("/text/hello"))
        }
        let result = await request.result
        let error = try #require(result.failureValue)
        #expect(Modern.HTTPClient.message(for: error) == nil)
    }

    /// Progress rises to the expected length on both sides, and the body is the whole body.
    @Test(arguments: Side.allCases)
    func progressRisesToTheWholeBody(_ side: Side) async throws {
        let server = try LoopbackHTTPServer(chunk: 8192)
        defer { server.stop() }
        let url = server.url("/bytes/60000")
        let (steps, body): ([Int64], Data)
        switch side {
        case .legacy:
            let seen = Locked([Int64]())
            let result = await withCheckedContinuation { done in
                _ = Legacy.ProgressDownload(
                    url, completionQueue: DispatchQueue(label: "test.ui"),
                    progress: { received, expected in
                        #expect(expected == 60000)
                        seen.withLock { $0.append(received) }
                    },
                    completion: { done.resume(returning: $0) })
            }
            (steps, body) = (seen.withLock { $0 }, try result.get())
        case .modern:
            var seen: [Int64] = []
            var finished = Data()
            for try await event in Modern.ProgressDownload.events(url) {
                switch event {
                case .progress(let received, let expected):
                    #expect(expected == 60000)
                    seen.append(received)
                case .finished(let data): finished = data
                }
            }
            (steps, body) = (seen, finished)
        }
        #expect(!steps.isEmpty)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 })
        #expect(steps.last == 60000)
        #expect(body.count == 60000)
    }

    /// Ending the iteration early cancels the download: the server sees the connection closed.
    @Test func stoppingTheProgressStreamCancelsTheDownload() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        for try await event in Modern.ProgressDownload.events(server.url("/hold")) {
            if case .progress = event { break }
        }
        await Self.until(server, "closed /hold")
    }

    /// Making the sequence sends nothing: the request goes out at the first `next()`. A request
    /// made after the sequence, and answered, reaches the server alone. A download that resumed its
    /// task when `events(_:)` was called had reached the server by then too.
    @Test func theDownloadStartsAtTheFirstNext() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let path = "/bytes/1000"
        var events = Modern.ProgressDownload.events(server.url(path)).makeAsyncIterator()
        _ = try await Modern.HTTPClient().fetch(server.url("/text/marker"))
        #expect(server.requests == ["/text/marker"])
        var finished: Data?
        while let event = try await events.next() {
            if case .finished(let body) = event { finished = body }
        }
        #expect(server.requests == ["/text/marker", path])
        #expect(finished?.count == 1000)
    }

    /// A consumer whose task is cancelled before its first `next()` gets `CancellationError`, and
    /// no request is sent: a request made afterwards, and answered, reaches the server alone.
    /// (Sending the request and cancelling it at once ended the iteration quietly, with `nil`.)
    @Test func aCancelledConsumerSendsNoRequest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let url = server.url("/bytes/1000")
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var events = Modern.ProgressDownload.events(url).makeAsyncIterator()
            return try await events.next()
        }
        await #expect(throws: CancellationError.self) { try await consumer.value }
        _ = try await Modern.HTTPClient().fetch(server.url("/text/marker"))
        #expect(server.requests == ["/text/marker"])
    }

    /// The chunked collector: the whole body, progress once per chunk and once at the end.
    @Test func collectingBytesReportsProgressPerChunk() async throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
        let stream = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        let seen = Locked([Int64]())
        let body = try await Modern.ProgressDownload.collect(stream, expected: 10_000, chunkSize: 4096) { received, _ in
            seen.withLock { $0.append(received) }
        }
        #expect(body == Data(bytes))
        #expect(seen.withLock { $0 } == [4096, 8192, 10_000])
    }

    /// The legacy download is cancelled explicitly; its completion gets `URLError.cancelled`.
    @Test func cancellingALegacyDownloadCompletesWithCancelled() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let result = await withCheckedContinuation { done in
            let download = Legacy.ProgressDownload(
                server.url("/hold"), completionQueue: DispatchQueue(label: "test.ui"),
                progress: { _, _ in }, completion: { done.resume(returning: $0) })
            server.whenRequested("/hold") { download.cancel() }
        }
        let error = try #require(result.failureValue)
        #expect((error as? URLError)?.code == .cancelled)
        #expect(Legacy.HTTPClient.message(for: error) == nil)
    }

    func statusCode(_ side: Side, _ error: (any Error)?) -> Int? {
        switch side {
        case .legacy: (error as? Legacy.HTTPStatusError)?.code
        case .modern: (error as? Modern.HTTPStatusError)?.code
        }
    }

    func message(_ side: Side, _ error: any Error) -> String? {
        switch side {
        case .legacy: Legacy.HTTPClient.message(for: error)
        case .modern: Modern.HTTPClient.message(for: error)
        }
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
