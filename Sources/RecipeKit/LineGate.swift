import Dispatch

/// A gate that opens when the `count`th transcript line starting with `prefix` has been logged.
///
/// Drivers use it to place a cancel at a known point ("after the second chunk was received")
/// without a sleep: wrap the side's log with `logger(_:)`, then wait for the gate.
public final class LineGate: Sendable {
    private let prefix: String
    private let count: Int
    private let seen = Locked(0)
    private let opened = DispatchSemaphore(value: 0)
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init(prefix: String, count: Int) {
        self.prefix = prefix
        self.count = count
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// `log`, plus counting the matching lines.
    public func logger(_ log: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        { [self] line in
            log(line)
            guard line.hasPrefix(prefix) else { return }
            if seen.withLock({ $0 += 1; return $0 }) == count {
                opened.signal()
                continuation.finish()
            }
        }
    }

    /// Suspends until the gate has opened.
    public func reached() async {
        for await _ in stream {}
    }

    /// Blocks until the gate has opened.
    public func waitUntilReached() {
        opened.wait()
        opened.signal()
    }
}
