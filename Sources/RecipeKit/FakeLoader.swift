import Foundation

/// A fake network or disk loader with injectable latency and failures, recording every request.
///
/// The classic examples download from URLs that are long dead, and nothing in this project reaches the
/// internet. Both sides get the same fake: the legacy side through the callback or blocking
/// form, the modern side through the async form.
public final class FakeLoader: Sendable {
    /// The error a fake load fails with.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let url: URL
        public var description: String { "failed to load \(url.absoluteString)" }
    }

    private let responses: [URL: Data]
    private let failing: Set<URL>
    private let latency: Duration
    private let requested = Recorder()

    /// A loader that answers each URL with its data after `latency`; URLs in `failing`, and
    /// URLs it has no data for, fail with `Failure`.
    public init(responses: [URL: Data], failing: Set<URL> = [], latency: Duration = .zero) {
        self.responses = responses
        self.failing = failing
        self.latency = latency
    }

    /// Every URL asked for, in order.
    public var requests: [URL] { requested.lines.map { URL(string: $0)! } }

    /// The modern form: suspends for the latency (cancellably), then answers.
    public func load(_ url: URL) async throws -> Data {
        requested.log(url.absoluteString)
        try await Task.sleep(for: latency)
        return try answer(url)
    }

    /// The callback form: answers on a global queue after the latency.
    public func load(_ url: URL, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
        requested.log(url.absoluteString)
        let nanoseconds = Self.nanoseconds(latency)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            completion(Result { try answer(url) })
        }
    }

    /// The blocking form, like `Data(contentsOf:)`: blocks the calling thread for the latency.
    public func loadBlocking(_ url: URL) throws -> Data {
        requested.log(url.absoluteString)
        Thread.sleep(forTimeInterval: Double(Self.nanoseconds(latency)) / 1e9)
        return try answer(url)
    }

    private func answer(_ url: URL) throws -> Data {
        guard !failing.contains(url), let data = responses[url] else { throw Failure(url: url) }
        return data
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
    }
}
