import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `try await session.data(from:)`: the body, the status check, and
/// cancellation that comes from the calling task.
///
/// The caller resumes in its own isolation, so there is no completion queue.
/// Cancelling the task that awaits cancels the request, and `URLSession` then
/// throws `URLError(.cancelled)`, not `CancellationError`: a UI catches both
/// and shows neither (`message(for:)`).
public nonisolated struct HTTPClient: Sendable {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// The body of a 2xx response; throws the `URLError` or
    /// `HTTPStatusError`.
    public func fetch(_ url: URL) async throws -> Data {
        // A caller cancelled before it asks gets no request: on Linux a request
        // started by a cancelled task can still complete.
        try Task.checkCancellation()
        let (data, response) = try await session.data(from: url)
        if let response = response as? HTTPURLResponse,
            !(200..<300).contains(response.statusCode)
        {
            throw HTTPStatusError(code: response.statusCode)
        }
        return data
    }

    /// What the UI shows for an error: nothing for a cancelled request.
    public static func message(for error: any Error) -> String? {
        if error is CancellationError { return nil }
        if let error = error as? URLError, error.code == .cancelled {
            return nil  // URLSession's way to say "cancelled"
        }
        return "\(error)"
    }
}

/// A response whose status is not 2xx.
public nonisolated struct HTTPStatusError: Error, Equatable,
    CustomStringConvertible
{
    public let code: Int

    public init(code: Int) { self.code = code }

    public var description: String { "HTTP status \(code)" }
}

// MARK: - Progress: a session delegate

/// A download that reports progress as an `AsyncSequence`: the same session
/// delegate, feeding a stream instead of calling closures.
///
/// Nothing starts until the first `next()`: then the request is sent, unless
/// the consuming task is cancelled already (`CancellationError`). Each
/// `didReceive` yields `.progress`; the end yields `.finished(body)` or
/// finishes with the error. The stream keeps two events, never more: a
/// consumer slower than the network skips to the latest progress, and always
/// gets the last progress and the body. Ending the iteration (or cancelling
/// the task that iterates) cancels the request through `onTermination`. The
/// delegate holds only constants and a `Mutex`, so it is `Sendable` as it
/// stands.
public nonisolated enum ProgressDownload {
    public enum Event: Sendable, Equatable {
        case progress(received: Int64, expected: Int64)
        case finished(Data)
    }

    /// The events of a download of `url`, which starts at the first `next()`.
    public static func events(_ url: URL) -> Events { Events(url: url) }

    public struct Events: AsyncSequence, Sendable {
        public typealias Element = Event
        let url: URL

        public func makeAsyncIterator() -> Iterator { Iterator(url: url) }

        public struct Iterator: AsyncIteratorProtocol {
            public typealias Failure = any Error
            let url: URL
            var started: AsyncThrowingStream<Event, any Error>.Iterator?

            /// Starts the download the first time; then its next event. Throws
            /// `CancellationError`, and sends nothing, when the task is
            /// cancelled before the first call.
            public mutating func next(
                isolation actor: isolated (any Actor)? = #isolation
            ) async throws -> Event? {
                if started == nil {
                    // Cancelled already: no request to send and cancel at once.
                    try Task.checkCancellation()
                    started = ProgressDownload.start(url).makeAsyncIterator()
                }
                return try await started?.next(isolation: actor)
            }

            public mutating func next() async throws -> Event? {
                try await next(isolation: #isolation)
            }
        }
    }

    /// Sends the request now, into a stream that keeps the two newest events.
    static func start(_ url: URL) -> AsyncThrowingStream<Event, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Event.self, bufferingPolicy: .bufferingNewest(2))
        let delegate = StreamDelegate(continuation)
        let session = URLSession(
            configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: url)
        continuation.onTermination = { _ in task.cancel() }
        task.resume()
        session.finishTasksAndInvalidate()
        return stream
    }

    private final class StreamDelegate: NSObject, URLSessionDataDelegate,
        Sendable
    {
        private let continuation:
            AsyncThrowingStream<Event, any Error>
                .Continuation
        private let body = Mutex(Data())

        init(_ continuation: AsyncThrowingStream<Event, any Error>.Continuation)
        {
            self.continuation = continuation
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask,
            didReceive data: Data
        ) {
            let received = body.withLock { body in
                body.append(data)
                return Int64(body.count)
            }
            continuation.yield(
                .progress(
                    received: received,
                    expected: dataTask.countOfBytesExpectedToReceive))
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask,
            didCompleteWithError error: (any Error)?
        ) {
            if let error {
                continuation.finish(throwing: error)
            } else {
                continuation.yield(.finished(body.withLock { $0 }))
                continuation.finish()
            }
        }
    }
}

// MARK: - Or on Darwin: the bytes as they come, collected in chunks

nonisolated extension ProgressDownload {
    #if canImport(Darwin)
        /// Darwin only (FoundationNetworking has no `bytes(from:)`): the body
        /// as an `AsyncSequence` of bytes, collected by `collect`.
        public static func bytes(
            _ url: URL, session: URLSession = .shared,
            progress: (_ received: Int64, _ expected: Int64) -> Void
        ) async throws -> Data {
            let (bytes, response) = try await session.bytes(from: url)
            return try await collect(
                bytes, expected: response.expectedContentLength,
                progress: progress)
        }
    #endif

    /// Collects a sequence of bytes into `Data` a chunk at a time: each byte
    /// goes into an array whose capacity is reserved, each full chunk is
    /// appended to the body at once, and progress is reported per chunk.
    public static func collect<Bytes: AsyncSequence>(
        _ bytes: Bytes, expected: Int64, chunkSize: Int = 65_536,
        progress: (_ received: Int64, _ expected: Int64) -> Void
    ) async throws -> Data where Bytes.Element == UInt8 {
        var body = Data()
        if expected > 0 { body.reserveCapacity(Int(expected)) }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(chunkSize)
        for try await byte in bytes {
            chunk.append(byte)
            if chunk.count == chunkSize {
                body.append(contentsOf: chunk)
                chunk.removeAll(keepingCapacity: true)
                progress(Int64(body.count), expected)
            }
        }
        body.append(contentsOf: chunk)
        progress(Int64(body.count), expected)
        return body
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension HTTPClient {
    /// Fetches each URL in turn and logs what the UI would show.
    public static func fetchAll(
        _ urls: [URL], log: @escaping @Sendable (String) -> Void
    ) async {
        let client = HTTPClient()
        for url in urls {
            do {
                let data = try await client.fetch(url)
                log("\(url.path): \(data.count) bytes")
            } catch {
                log("\(url.path): \(message(for: error) ?? "-")")
            }
        }
    }

    /// Starts a request the server holds open, cancels the awaiting task
    /// once the server has it (`whenRequested`), and logs what the UI shows.
    public static func cancelInFlight(
        _ url: URL, whenRequested: @Sendable () async -> Void,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let request = Task { try await HTTPClient().fetch(url) }
        await whenRequested()
        request.cancel()
        if case .failure(let error) = await request.result {
            log("error is URLError.cancelled: \(isCancelled(error))")
            log("the UI shows: \(message(for: error) ?? "nothing")")
        }
    }

    static func isCancelled(_ error: any Error) -> Bool {
        (error as? URLError)?.code == .cancelled
    }
}

nonisolated extension ProgressDownload {
    /// Downloads `url` and logs whether progress only rose, and the total.
    public static func run(
        _ url: URL, log: @escaping @Sendable (String) -> Void
    ) async {
        var last: (Int64, Int64) = (0, 0)
        var rising = true
        do {
            for try await event in events(url) {
                switch event {
                case .progress(let received, let expected):
                    rising = rising && received > last.0
                    last = (received, expected)
                case .finished(let data):
                    log(
                        "progress \(rising ? "rose" : "did NOT rise") to "
                            + "\(last.0) of \(last.1)")
                    log("finished: \(data.count) bytes")
                }
            }
        } catch {
            log("failed: \(error)")
        }
    }
}
