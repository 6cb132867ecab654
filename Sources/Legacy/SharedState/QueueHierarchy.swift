import Foundation

/// Several queues funnelled into one serial root: jobs on any of them never
/// overlap, and each queue keeps its own FIFO order.
///
/// The shape of Alamofire's `Session`: one serial `rootQueue` owns the state;
/// a request queue and a serialization queue are created with
/// `target: rootQueue`, and the delegate's `OperationQueue` runs on the root
/// through `underlyingQueue`. A block on any of them runs on the root, one at
/// a time, so every one of them may touch the state the root protects.
public final class QueueHierarchy: @unchecked Sendable {
    // `@unchecked Sendable`: `history` is only touched by blocks running on
    // `rootQueue`, directly or through a queue that targets it.
    public let rootQueue = DispatchQueue(label: "session.root")
    public let requestQueue: DispatchQueue
    public let serializationQueue: DispatchQueue
    public let delegateQueue = OperationQueue()
    private var history: [String] = []

    public init() {
        let root = rootQueue
        requestQueue = DispatchQueue(label: "session.request", target: root)
        serializationQueue = DispatchQueue(label: "session.parse", target: root)
        delegateQueue.underlyingQueue = root
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.name = "session.delegate"
    }
}

// MARK: - State the root protects, touched from every sub-queue

extension QueueHierarchy {
    /// Records that `job` ran. Call it only from a block on the root or on a
    /// queue that targets it.
    public func noteRan(_ job: String) {
        // Passes on a sub-queue too: its blocks run on the root.
        dispatchPrecondition(condition: .onQueue(rootQueue))
        history.append(job)
    }

    /// The jobs that ran, in the order they ran.
    public var ranJobs: [String] { rootQueue.sync { history } }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// Counts the jobs running at once.
private final class InFlight: @unchecked Sendable {
    // `@unchecked Sendable`: both fields are only touched holding `lock`.
    private let lock = NSLock()
    private var running = 0
    private var peak = 0
    func enter() {
        lock.withLock {
            running += 1; peak = max(peak, running)
        }
    }
    func leave() { lock.withLock { running -= 1 } }
    var maximum: Int { lock.withLock { peak } }
}

extension QueueHierarchy {
    /// The three sub-queues' names, as the job lines start.
    public static let sources = ["request", "parse", "delegate"]

    /// Submits `jobsPerQueue` jobs to each of the three sub-queues, waits for
    /// them all, and returns the most jobs that ran at once and the order
    /// they ran in (from the root's own state).
    public static func runJobs(
        jobsPerQueue: Int, log: @escaping @Sendable (String) -> Void
    ) -> (maxInFlight: Int, ran: [String]) {
        let hierarchy = QueueHierarchy()
        let inFlight = InFlight()
        let job: @Sendable (String) -> Void = { name in
            inFlight.enter()
            hierarchy.noteRan(name)
            log(name)
            inFlight.leave()
        }
        for index in 0..<jobsPerQueue {
            hierarchy.requestQueue.async { job("request \(index)") }
            hierarchy.serializationQueue.async { job("parse \(index)") }
            hierarchy.delegateQueue.addOperation { job("delegate \(index)") }
        }
        hierarchy.delegateQueue.waitUntilAllOperationsAreFinished()
        hierarchy.requestQueue.sync {}  // after every earlier block of it
        hierarchy.serializationQueue.sync {}
        return (inFlight.maximum, hierarchy.ranJobs)
    }

    /// Whether each source's jobs in `ran` are numbered 0, 1, 2, … in order.
    public static func eachSourceInOrder(_ ran: [String], jobs: Int) -> Bool {
        sources.allSatisfy { source in
            let mine = ran.filter { $0.hasPrefix(source + " ") }
            return mine == (0..<jobs).map { "\(source) \($0)" }
        }
    }
}
