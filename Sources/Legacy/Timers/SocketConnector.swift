import Foundation

/// The error a connect reports when its timeout fires first.
public struct ConnectTimeoutError: Error, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "connect timed out" }
}

/// A connect with a deadline: a one-shot timer source on the socket queue,
/// cancelled when the connect finishes first (CocoaAsyncSocket's
/// `startConnectTimeout:`).
///
/// Everything happens on one serial `socketQueue`: the timer fires there, and
/// the connect's completion hops there, so "who finished first" is decided in
/// one place. The timeout handler closes the attempt without looking at the
/// state, exactly like `doConnectTimeout`; it is cancelling the timer in
/// `didConnect` that keeps it from firing on a connected socket. A connect that
/// finishes after the timeout is dropped. The common alternative, `asyncAfter`
/// with a weak/strong self, can't be cancelled, so its handler fires even after
/// a connect.
public final class SocketConnector: @unchecked Sendable {
    /// Starts connecting and calls back, on any queue, when done.
    public typealias Open =
        @Sendable (
            _ completion: @escaping @Sendable (Result<Void, any Error>) -> Void
        ) -> Void

    private enum State {
        case idle, connecting, connected, closed
    }

    // `@unchecked Sendable`: `state`, `connectTimer` and `completion` are only
    // touched on `socketQueue`.
    private let socketQueue = DispatchQueue(
        label: "SocketConnector.socketQueue")
    private var state = State.idle
    private var connectTimer: DispatchSourceTimer?
    private var completion: (@Sendable (Result<Void, any Error>) -> Void)?

    private let open: Open
    private let log: @Sendable (String) -> Void

    public init(
        open: @escaping Open, log: @escaping @Sendable (String) -> Void
    ) {
        self.open = open
        self.log = log
    }

    deinit {
        connectTimer?.cancel()
    }
}

// MARK: - Connecting: the socket queue decides who finished first

extension SocketConnector {
    /// Connects, giving up after `timeout`. `completion` runs once, on the
    /// socket queue: with `success` when connected, or the connect's error, or
    /// `ConnectTimeoutError`. A connector connects once; later calls are
    /// ignored.
    public func connect(
        timeout: Duration,
        completion: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        socketQueue.async { [self] in
            guard state == .idle else { return }
            state = .connecting
            self.completion = completion
            startConnectTimeout(timeout)
            open { [weak self] result in
                guard let self else { return }
                socketQueue.async { self.didFinishConnecting(result) }
            }
        }
    }

    private func didFinishConnecting(_ result: Result<Void, any Error>) {
        // The timeout closed this attempt already.
        guard state == .connecting else { return }
        endConnectTimeout()
        switch result {
        case .success:
            state = .connected
            log("connected")
            finish(result)
        case .failure(let error):
            log("connect failed: \(error)")
            close(with: result)
        }
    }

    private func close(with result: Result<Void, any Error>) {
        state = .closed
        finish(result)
    }

    private func finish(_ result: Result<Void, any Error>) {
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}

// MARK: - The connect timeout: a one-shot timer source (as in CocoaAsyncSocket)

extension SocketConnector {
    private func startConnectTimeout(_ timeout: Duration) {
        let timer = DispatchSource.makeTimerSource(queue: socketQueue)
        timer.setEventHandler { [weak self] in
            self?.doConnectTimeout()
        }
        timer.schedule(
            deadline: .now() + timeout / .seconds(1), repeating: .never,
            leeway: .nanoseconds(0))
        connectTimer = timer
        timer.resume()
    }

    private func endConnectTimeout() {
        connectTimer?.cancel()
        connectTimer = nil
    }

    private func doConnectTimeout() {
        endConnectTimeout()
        log("connect timed out")
        close(with: .failure(ConnectTimeoutError()))
    }
}
