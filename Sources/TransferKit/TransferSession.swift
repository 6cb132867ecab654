import Dispatch

/// A transfer's delegate, as an SDK built without Swift concurrency declares
/// it: a plain protocol, so its requirements are nonisolated.
///
/// This module stands in for a framework an app imports (an Objective-C SDK
/// or a Swift 5 one): it is compiled in the Swift 5 language mode, with no
/// default isolation, and knows nothing of the app's main actor.
public protocol TransferDelegate: AnyObject {
    /// One chunk of `bytes` arrived.
    func transfer(_ session: TransferSession, didReceive bytes: Int)
    /// The transfer ended; no call follows.
    func transferDidFinish(_ session: TransferSession)
}

/// An SDK session that calls its delegate on `delegateQueue`.
///
/// Like `URLSession` or `CLLocationManager`, it calls the delegate on a
/// queue of its own unless the app passes one (here `.main`).
public final class TransferSession {
    public weak var delegate: TransferDelegate?
    private let delegateQueue: DispatchQueue
    /// Guards `cancelled`, which `cancel()` sets from any thread.
    private let state = DispatchQueue(label: "TransferKit.state")
    private var cancelled = false

    public init(delegateQueue: DispatchQueue? = nil) {
        self.delegateQueue =
            delegateQueue ?? DispatchQueue(label: "TransferKit.delegate")
    }

    /// Delivers each chunk, then the end, on the delegate queue, until the
    /// session is cancelled.
    public func start(chunks: [Int]) {
        delegateQueue.async {
            for bytes in chunks {
                if self.isCancelled { return }
                self.delegate?.transfer(self, didReceive: bytes)
            }
            if self.isCancelled { return }
            self.delegate?.transferDidFinish(self)
        }
    }

    /// Stops the transfer, from any thread: once this returns, the session
    /// starts no delegate call (as `URLSessionTask.cancel()` stops a task).
    public func cancel() { state.sync { cancelled = true } }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { state.sync { cancelled } }
}
