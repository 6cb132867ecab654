import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSession.dataTask(with:completionHandler:)`, with the status check, the
/// hop to the caller's queue and the cancelled-is-not-an-error check that
/// every app writes around it.
///
/// The handler gets `(Data?, URLResponse?, Error?)`; the client turns that
/// into a `Result` on `completionQueue` (the main queue, for UI code). The
/// returned task is the caller's way to cancel: its handler then runs with
/// `URLError(.cancelled)`, which a UI must not show as an error.
public final class HTTPClient: Sendable {
    private let session: URLSession
    private let completionQueue: DispatchQueue

    public init(
        session: URLSession = .shared,
        completionQueue: DispatchQueue = .main
    ) {
        self.session = session
        self.completionQueue = completionQueue
    }

    /// Fetches `url`; `completion` gets the body of a 2xx response, or the
    /// error, on `completionQueue`.
    @discardableResult
    public func fetch(
        _ url: URL,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) -> URLSessionDataTask {
        let task = session.dataTask(with: url) {
            [completionQueue] data, response, error in
            let result: Result<Data, any Error>
            if let error {
                result = .failure(error)
            } else if let response = response as? HTTPURLResponse,
                !(200..<300).contains(response.statusCode)
            {
                result = .failure(HTTPStatusError(code: response.statusCode))
            } else {
                result = .success(data ?? Data())
            }
            completionQueue.async { completion(result) }
        }
        task.resume()
        return task
    }

    /// What the UI shows for an error: nothing for a cancelled request.
    public static func message(for error: any Error) -> String? {
        if let error = error as? URLError, error.code == .cancelled {
            return nil  // the user (or the code) cancelled: not an error
        }
        return "\(error)"
    }
}

/// A response whose status is not 2xx.
public struct HTTPStatusError: Error, Equatable, CustomStringConvertible {
    public let code: Int

    public init(code: Int) { self.code = code }

    public var description: String { "HTTP status \(code)" }
}

// MARK: - Progress: a session delegate

/// A download that reports progress: a `URLSessionDataDelegate` that
/// collects the body and calls `progress` for each piece.
///
/// The delegate gets its own session (a session keeps its delegate until it is
/// invalidated: `finishTasksAndInvalidate` breaks the cycle when the task
/// ends). Callbacks arrive on the session's serial delegate queue; the client
/// forwards them to `completionQueue`.
public final class ProgressDownload: NSObject, URLSessionDataDelegate,
    @unchecked Sendable
{
    public typealias Progress =
        @Sendable (
            _ received: Int64, _ expected: Int64
        ) -> Void

    // `@unchecked Sendable`: `received` and `body` are only touched on the
    // session's delegate queue, which is serial.
    private let progress: Progress
    private let completion: @Sendable (Result<Data, any Error>) -> Void
    private let completionQueue: DispatchQueue
    private var body = Data()
    private var task: URLSessionDataTask?

    /// Starts downloading `url`.
    public init(
        _ url: URL, completionQueue: DispatchQueue = .main,
        progress: @escaping Progress,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) {
        self.progress = progress
        self.completion = completion
        self.completionQueue = completionQueue
        super.init()
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        let session = URLSession(
            configuration: .ephemeral, delegate: self,
            delegateQueue: delegateQueue)
        let task = session.dataTask(with: url)
        self.task = task
        task.resume()
        session.finishTasksAndInvalidate()
    }

    /// Cancels the download; `completion` gets `URLError(.cancelled)`.
    public func cancel() { task?.cancel() }

    public func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask,
        didReceive data: Data
    ) {
        body.append(data)
        let (received, expected) = (
            Int64(body.count), dataTask.countOfBytesExpectedToReceive
        )
        completionQueue.async { [progress] in progress(received, expected) }
    }

    public func urlSession(
        _ session: URLSession, task: URLSessionTask,
        didCompleteWithError error: (any Error)?
    ) {
        let result: Result<Data, any Error> =
            if let error { .failure(error) } else { .success(body) }
        completionQueue.async { [completion] in completion(result) }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension HTTPClient {
    /// Fetches each URL in turn and logs what the UI would show.
    public static func fetchAll(
        _ urls: [URL], log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let client = HTTPClient(completionQueue: DispatchQueue(label: "ui"))
        @Sendable func next(_ index: Int) {
            guard index < urls.count else { return done() }
            client.fetch(urls[index]) { result in
                switch result {
                case .success(let data):
                    log("\(urls[index].path): \(data.count) bytes")
                case .failure(let error):
                    log("\(urls[index].path): \(message(for: error) ?? "-")")
                }
                next(index + 1)
            }
        }
        next(0)
    }

    /// Starts a request the server holds open, cancels it once the server
    /// has it (`whenRequested`), and logs what the UI shows.
    public static func cancelInFlight(
        _ url: URL,
        whenRequested:
            @escaping @Sendable (@escaping @Sendable () -> Void)
            -> Void,
        log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let client = HTTPClient(completionQueue: DispatchQueue(label: "ui"))
        let task = client.fetch(url) { result in
            if case .failure(let error) = result {
                log("error is URLError.cancelled: \(isCancelled(error))")
                log("the UI shows: \(message(for: error) ?? "nothing")")
            }
            done()
        }
        whenRequested { task.cancel() }
    }

    static func isCancelled(_ error: any Error) -> Bool {
        (error as? URLError)?.code == .cancelled
    }
}

extension ProgressDownload {
    /// Downloads `url` and logs whether progress only rose, and the total.
    public static func run(
        _ url: URL, log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let ui = DispatchQueue(label: "ui")
        let seen = ProgressTally()
        let download = ProgressDownload(
            url, completionQueue: ui,
            progress: { received, expected in
                seen.add(received, expected)
            },
            completion: { result in
                log(seen.summary)
                if case .success(let data) = result {
                    log("finished: \(data.count) bytes")
                }
                done()
            })
        _ = download
    }
}

/// The progress a driver saw; only touched on its serial `ui` queue.
private final class ProgressTally: @unchecked Sendable {
    private var last: (Int64, Int64) = (0, 0)
    private var rising = true

    func add(_ received: Int64, _ expected: Int64) {
        rising = rising && received > last.0
        last = (received, expected)
    }

    var summary: String {
        "progress \(rising ? "rose" : "did NOT rise") to \(last.0) of \(last.1)"
    }
}
