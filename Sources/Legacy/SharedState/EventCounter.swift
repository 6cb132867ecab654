import Foundation

/// An object that protects its state with a private serial queue of its own
/// (the *isolation* queue) and runs its slow work on a second one (the *work*
/// queue), both labelled with the class name and the object's address.
///
/// Every access to `count` goes through `isolationQueue`: writes with `async`,
/// reads with `sync`. A queue is serial unless created `.concurrent`, so the
/// blocks run one at a time and no increment is lost. The labels make both
/// queues easy to find in a debugger or a crash log. Nothing checks that every
/// access uses the queue; the `@unchecked Sendable` comment is all there is.
public final class EventCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is read and written only in blocks on
    // `isolationQueue`. The queues are set once in `init`, before the object
    // is shared, and only read afterwards.
    public private(set) var isolationQueue: DispatchQueue!
    public private(set) var workQueue: DispatchQueue!
    private var count = 0

    public init() {
        // `self` exists only once every stored property has a value, hence the
        // implicitly unwrapped queues.
        let address = Unmanaged.passUnretained(self).toOpaque()
        let name = "\(type(of: self))"
        isolationQueue = DispatchQueue(label: "\(name).isolation.\(address)")
        workQueue = DispatchQueue(label: "\(name).work.\(address)")
    }

    public func increment() {
        isolationQueue.async { self.count += 1 }
    }

    public var value: Int { isolationQueue.sync { count } }

    /// Slow work on the work queue, so that it never holds up the isolation
    /// queue: read the state, render it, call back.
    public func report(completion: @escaping @Sendable (String) -> Void) {
        workQueue.async {
            let count = self.value
            completion("\(type(of: self)): \(count) events")
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension EventCounter {
    /// `callers` blocks on a global queue call `increment()` `times` times
    /// each; then the counter reports. `completion` gets the counter and its
    /// report.
    public static func exercise(
        callers: Int,
        times: Int,
        completion: @escaping @Sendable (EventCounter, String) -> Void
    ) {
        let counter = EventCounter()
        let everyone = DispatchGroup()
        for _ in 0..<callers {
            DispatchQueue.global().async(group: everyone) {
                for _ in 0..<times { counter.increment() }
            }
        }
        everyone.notify(queue: .global()) {
            counter.report { completion(counter, $0) }
        }
    }
}
