import Foundation

/// A cancellable network-style fetch: an asynchronous `Operation` driven by a
/// connection's delegate events.
///
/// `dataWithContentsOfURL:` on a background queue can't be cancelled: it
/// holds its thread until the answer or the 30 s timeout. A connection with a
/// delegate can: the operation overrides `start` to open it, collects the
/// chunks its delegate receives, and finishes when the connection says it
/// has finished. `cancel()` cancels the connection too and finishes at once,
/// so the queue and whoever waits aren't left waiting for events that will
/// never come. A failed connection finishes it too, with `error` set. A cancel
/// can arrive while the last event is being delivered, so `finish` lets only
/// its first caller through, and the data is set by the same call that
/// finishes: a cancelled or failed fetch delivers no data.
public final class CancellableFetch: Operation, @unchecked Sendable {
    // `@unchecked Sendable`: the `var`s are only read and written holding
    // `lock`; the `let`s are immutable.
    private let lock = NSLock()
    private var executing = false
    private var finished = false
    private var finishClaimed = false
    private var buffer = Data()
    private var result: Data?
    private var failure: (any Error)?
    private let connection: Connection
    private let log: @Sendable (String) -> Void

    public init(
        connection: Connection, log: @escaping @Sendable (String) -> Void
    ) {
        self.connection = connection
        self.log = log
        super.init()
    }

    /// The whole body, once the connection has finished; nil if cancelled
    /// or failed.
    public var data: Data? { lock.withLock { result } }

    /// The connection's error, if it failed before it finished.
    public var error: (any Error)? { lock.withLock { failure } }

    public override var isAsynchronous: Bool { true }
    public override var isExecuting: Bool { lock.withLock { executing } }
    public override var isFinished: Bool { lock.withLock { finished } }

    public override func start() {
        if isCancelled {
            finish(with: nil)  // cancelled before it started: still finish
            return
        }
        willChangeValue(forKey: "isExecuting")
        lock.withLock { executing = true }
        didChangeValue(forKey: "isExecuting")
        // A `cancel()` that came just now saw us not executing yet.
        if isCancelled {
            finish(with: nil)
            return
        }
        connection.start(
            { [self] chunk in connection(didReceive: chunk) },
            { [self] in connectionDidFinishLoading() },
            { [self] error in connection(didFailWithError: error) })
    }

    public override func cancel() {
        super.cancel()
        connection.cancel()  // stop the network, not just the operation
        if isExecuting { finish(with: nil) }
    }
}

// MARK: - The connection's delegate events

extension CancellableFetch {
    private func connection(didReceive chunk: Data) {
        guard !isCancelled else { return }
        lock.withLock { buffer.append(chunk) }
        log("received \(chunk.count) bytes")
    }

    private func connectionDidFinishLoading() {
        guard !isCancelled else { return }  // `cancel()` finishes it
        let body = lock.withLock { buffer }
        finish(with: body)  // does nothing if a cancel finished it first
    }

    private func connection(didFailWithError error: any Error) {
        guard !isCancelled else { return }  // `cancel()` finishes it
        finish(with: nil, error: error)
    }
}

// MARK: - Finishing exactly once

extension CancellableFetch {
    /// Sets `data` (or `error`) and marks the operation finished: only the
    /// first call.
    private func finish(with body: Data?, error: (any Error)? = nil) {
        let first = lock.withLock {
            guard !finishClaimed else { return false }
            finishClaimed = true
            result = body
            failure = error
            return true
        }
        guard first else { return }
        let wasExecuting = isExecuting
        willChangeValue(forKey: "isFinished")
        if wasExecuting { willChangeValue(forKey: "isExecuting") }
        lock.withLock {
            executing = false
            finished = true
        }
        if wasExecuting { didChangeValue(forKey: "isExecuting") }
        didChangeValue(forKey: "isFinished")
    }
}

// MARK: - The connection it is given

extension CancellableFetch {
    /// A delegate-driven connection: `start` calls back later, on another
    /// thread, with each chunk, then once when done or once when it failed;
    /// `cancel` stops it.
    public struct Connection: Sendable {
        public let start:
            @Sendable (
                _ didReceive: @escaping @Sendable (Data) -> Void,
                _ didFinish: @escaping @Sendable () -> Void,
                _ didFail: @escaping @Sendable (any Error) -> Void
            ) -> Void
        public let cancel: @Sendable () -> Void

        public init(
            start:
                @escaping @Sendable (
                    _ didReceive: @escaping @Sendable (Data) -> Void,
                    _ didFinish: @escaping @Sendable () -> Void,
                    _ didFail: @escaping @Sendable (any Error) -> Void
                ) -> Void,
            cancel: @escaping @Sendable () -> Void
        ) {
            self.start = start
            self.cancel = cancel
        }
    }
}
