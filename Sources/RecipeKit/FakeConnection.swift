import Foundation

/// A fake delegate-driven connection (`NSURLConnection`-style) that records what happened to it.
///
/// `start` logs `connection started` and delivers its chunks, then "did finish", from a thread of
/// its own, as a connection's run-loop thread would. `cancel()` stops the
/// deliveries (the first call logs `connection cancelled`; later calls do nothing). With
/// `pauseAfter`, delivery stops after that chunk until `resume()`, so a test can cancel at a known
/// point. With `failAfter`, the connection fails after that chunk ("did fail" with `Failure`)
/// instead of finishing. The delivery thread signals that it has ended as its last act.
public final class FakeConnection: Sendable {
    private struct State {
        var started = false
        var threadID: Int32?
        var cancelled = false
        var delivered = 0
        var events: [String] = []
    }

    /// The error a connection made with `failAfter` fails with.
    public struct Failure: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "the connection was reset" }
    }

    private let chunks: [Data]
    private let pauseAfter: Int?
    private let failAfter: Int?
    private let log: @Sendable (String) -> Void
    private let state = Locked(State())
    private let pausedSignal = DispatchSemaphore(value: 0)
    private let proceed = DispatchSemaphore(value: 0)
    private let endedSignal = DispatchSemaphore(value: 0)

    public init(
        chunks: [Data], pauseAfter: Int? = nil, failAfter: Int? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.chunks = chunks
        self.pauseAfter = pauseAfter
        self.failAfter = failAfter
        self.log = log
    }

    /// `count` chunks of `size` bytes; chunk i is filled with the byte i.
    public static func chunks(_ count: Int, size: Int) -> [Data] {
        (1...count).map { Data(repeating: UInt8($0), count: size) }
    }

    /// What happened, in order: `started`, `chunk N`, `finished`, `failed after chunk N`,
    /// `cancelled after chunk N`.
    public var events: [String] { state.withLock { $0.events } }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// The kernel id of the delivery thread, once it runs (Linux), to check that it has gone.
    public var deliveryThreadID: Int32? { state.withLock { $0.threadID } }

    /// Starts delivering on a thread of its own.
    public func start(
        didReceive: @escaping @Sendable (Data) -> Void, didFinish: @escaping @Sendable () -> Void,
        didFail: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        state.withLock {
            $0.started = true
            $0.events.append("started")
        }
        log("connection started")
        let thread = Thread { [self] in
            // "/proc/thread-self" links to "<pid>/task/<tid>" (Linux).
            let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
            let tid = link?.split(separator: "/").last.flatMap { Int32($0) }
            state.withLock { $0.threadID = tid }
            for chunk in chunks.prefix(failAfter ?? chunks.count) {
                // Checked and counted at once, so no chunk is recorded after a cancel (a delivery
                // already under way may still reach the delegate, as with a real connection).
                let number: Int? = state.withLock {
                    guard !$0.cancelled else { return nil }
                    $0.delivered += 1
                    $0.events.append("chunk \($0.delivered)")
                    return $0.delivered
                }
                guard let number else { break }
                didReceive(chunk)
                if number == pauseAfter {
                    pausedSignal.signal()
                    proceed.wait()
                }
            }
            let failAfter = failAfter
            let finished = state.withLock {
                guard !$0.cancelled else { return false }
                $0.events.append(failAfter.map { "failed after chunk \($0)" } ?? "finished")
                return true
            }
            if finished {
                if failAfter == nil { didFinish() } else { didFail(Failure()) }
            }
            endedSignal.signal()
        }
        thread.start()
    }

    /// Stops the deliveries; only the first call does anything.
    public func cancel() {
        let first = state.withLock {
            guard !$0.cancelled else { return false }
            $0.cancelled = true
            $0.events.append("cancelled after chunk \($0.delivered)")
            return true
        }
        if first { log("connection cancelled") }
    }

    /// Blocks until delivery has paused after chunk `pauseAfter`.
    public func waitUntilPaused() { pausedSignal.wait() }

    /// Suspends until delivery has paused after chunk `pauseAfter` (the wait runs on its own thread).
    public func paused() async { await onOwnThread { self.pausedSignal.wait() } }

    /// Lets a paused delivery go on.
    public func resume() { proceed.signal() }

    /// Blocks until the delivery thread has run its last line (at once if it was never started).
    public func waitUntilEnded() {
        guard state.withLock({ $0.started }) else { return }
        endedSignal.wait()
        endedSignal.signal()
    }

    /// Suspends until the delivery thread has run its last line.
    public func ended() async { await onOwnThread { self.waitUntilEnded() } }
}
