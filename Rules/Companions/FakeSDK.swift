// A framework an app imports, compiled as a module of its own in the Swift 5 language mode
// (as an SDK written before Swift concurrency is): its protocol's requirements are nonisolated
// and it calls its delegate from a queue of its own. Rules that need an SDK import it.
import Dispatch

public protocol SessionDelegate: AnyObject {
    func sessionDidFinish(bytes: Int)
}

public final class Session {
    public weak var delegate: SessionDelegate?
    private let queue = DispatchQueue(label: "FakeSDK.delegate")

    public init() {}

    /// Calls the delegate once, on the session's own queue, then `done` there.
    public func finish(bytes: Int, done: @escaping () -> Void) {
        queue.async {
            self.delegate?.sessionDidFinish(bytes: bytes)
            done()
        }
    }
}

/// How long a request may take, in seconds: a global an app may read, or change, from any thread.
public var defaultTimeout = 30
