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

    public init(delegateQueue: DispatchQueue? = nil) {
        self.delegateQueue =
            delegateQueue ?? DispatchQueue(label: "TransferKit.delegate")
    }

    /// Delivers each chunk, then the end, on the delegate queue.
    public func start(chunks: [Int]) {
        delegateQueue.async {
            for bytes in chunks {
                self.delegate?.transfer(self, didReceive: bytes)
            }
            self.delegate?.transferDidFinish(self)
        }
    }
}
