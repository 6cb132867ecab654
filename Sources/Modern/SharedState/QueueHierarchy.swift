import Synchronization

/// Several actors funnelled into one serial root: their jobs never overlap,
/// and each caller's jobs run in the order it awaits them.
///
/// Each sub-queue is an actor whose `unownedExecutor` is the root actor's
/// executor: they all run on the root's one serial executor, as blocks on
/// queues that target a root queue do. The compiler still treats them as
/// separate isolation domains, so a sub-actor touches the root's state inside
/// `root.assumeIsolated { }`, which checks at run time that the executor is
/// shared. When the sub-queues need no identity of their own, one actor with
/// one method per sub-queue is simpler still.
public nonisolated struct QueueHierarchy: Sendable {
    public let root = Root()
    public let requests: SubQueue
    public let parsing: SubQueue
    public let delegate: SubQueue

    public init() {
        requests = SubQueue("request", root: root)
        parsing = SubQueue("parse", root: root)
        delegate = SubQueue("delegate", root: root)
    }
}

// MARK: - State the root protects, touched from every sub-queue

extension QueueHierarchy {
    /// The root: owns the state every sub-queue touches.
    public actor Root {
        /// The jobs that ran, in the order they ran.
        public private(set) var ranJobs: [String] = []

        func noteRan(_ job: String) { ranJobs.append(job) }
    }

    /// A sub-queue: an actor that runs on the root's serial executor.
    public actor SubQueue {
        public let name: String
        private let root: Root

        init(_ name: String, root: Root) {
            self.name = name
            self.root = root
        }

        public nonisolated var unownedExecutor: UnownedSerialExecutor {
            root.unownedExecutor
        }

        /// Runs job number `index`: notes it in the root's state (no `await`:
        /// same executor) and passes its name to `work`.
        public func run(_ index: Int, work: @Sendable (String) -> Void) {
            let job = "\(name) \(index)"
            root.assumeIsolated { root in root.noteRan(job) }
            work(job)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// Counts the jobs running at once.
private nonisolated final class InFlight: Sendable {
    private let counts = Mutex((running: 0, peak: 0))
    func enter() {
        counts.withLock {
            $0.running += 1
            $0.peak = max($0.peak, $0.running)
        }
    }
    func leave() { counts.withLock { $0.running -= 1 } }
    var maximum: Int { counts.withLock { $0.peak } }
}

nonisolated extension QueueHierarchy {
    /// The three sub-queues' names, as the job lines start.
    public static let sources = ["request", "parse", "delegate"]

    /// One task per sub-queue awaits `jobsPerQueue` jobs on it, in order;
    /// returns the most jobs that ran at once and the order they ran in
    /// (from the root's own state).
    public static func runJobs(
        jobsPerQueue: Int, log: @escaping @Sendable (String) -> Void
    ) async -> (maxInFlight: Int, ran: [String]) {
        let hierarchy = QueueHierarchy()
        let inFlight = InFlight()
        let work: @Sendable (String) -> Void = { job in
            inFlight.enter()
            log(job)
            inFlight.leave()
        }
        await withTaskGroup { group in
            for queue in [
                hierarchy.requests, hierarchy.parsing, hierarchy.delegate,
            ] {
                group.addTask {
                    for index in 0..<jobsPerQueue {
                        await queue.run(index, work: work)
                    }
                }
            }
        }
        return (inFlight.maximum, await hierarchy.root.ranJobs)
    }

    /// Whether each source's jobs in `ran` are numbered 0, 1, 2, … in order.
    public static func eachSourceInOrder(_ ran: [String], jobs: Int) -> Bool {
        sources.allSatisfy { source in
            let mine = ran.filter { $0.hasPrefix(source + " ") }
            return mine == (0..<jobs).map { "\(source) \($0)" }
        }
    }
}
