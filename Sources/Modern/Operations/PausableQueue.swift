/// A queue of jobs that can be paused and resumed: an actor-owned job list
/// drained by one consumer that waits for a "resumed" (or "job added") signal.
///
/// The consumer is `run()`, awaited by a task the owner keeps: it takes the
/// first pending job when the queue isn't paused, runs it, and otherwise waits
/// on an `AsyncStream` that `add` and `resume` poke. Pausing stops jobs from
/// *starting*; the running one goes on. Jobs run one at a time, FIFO. `add`
/// never suspends for long and never drops a job: while paused, or when the
/// consumer is slower than the callers, the list grows. A pending job is
/// cancelled by removing it from the list. Cancelling the consumer's task
/// cancels the running job (cooperatively) and stops the draining; the jobs
/// still pending stay in the list for the next `run()`.
public actor PausableQueue {
    public typealias Job = @Sendable @concurrent () async -> Void

    private var pending: [(id: Int, job: Job)] = []
    private var lastID = 0
    private var isPaused: Bool
    private var wake: AsyncStream<Void>.Continuation?
    private let log: @Sendable (String) -> Void

    public init(
        paused: Bool = false,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.isPaused = paused
        self.log = log
    }
}

// MARK: - Jobs in, and suspend/resume

extension PausableQueue {
    /// Adds a job; returns its id, for `cancel(_:)`.
    @discardableResult
    public func add(_ job: @escaping Job) -> Int {
        lastID += 1
        pending.append((lastID, job))
        wake?.yield()
        return lastID
    }

    /// Stops new jobs from starting; a running job goes on.
    public func pause() { isPaused = true }

    /// Lets the pending jobs start, in the order they were added.
    public func resume() {
        isPaused = false
        wake?.yield()
    }

    /// Removes a job that hasn't started; returns whether it was pending.
    @discardableResult
    public func cancel(_ id: Int) -> Bool {
        guard let index = pending.firstIndex(where: { $0.id == id }) else {
            return false
        }
        pending.remove(at: index)
        return true
    }

    /// How many jobs are waiting to start.
    public var pendingCount: Int { pending.count }
}

// MARK: - The consumer: one task that waits for work or a resume

extension PausableQueue {
    /// Runs the pending jobs one at a time until the calling task is
    /// cancelled. Call it from one task at a time.
    public func run() async {
        let (wakeUps, wake) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wake = wake
        defer { self.wake = nil }
        var signals = wakeUps.makeAsyncIterator()
        while !Task.isCancelled {
            if !isPaused, !pending.isEmpty {
                let next = pending.removeFirst()
                await next.job()
                continue
            }
            log("waiting: \(pending.count) pending, paused: \(isPaused)")
            if await signals.next() == nil { return }  // cancelled
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PausableQueue {
    /// Pauses the queue, adds three jobs, waits three `interval`s, then
    /// resumes and waits for the jobs.
    public static func runDemo(
        interval: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let queue = PausableQueue()
        let consumer = Task { await queue.run() }
        let (finished, allFinished) = AsyncStream.makeStream(of: Int.self)
        let started = StartCount()
        await queue.pause()
        log("suspended")
        for id in 1...3 {
            await queue.add {
                await started.increment()
                log("job \(id) started")
                log("job \(id) finished")
                allFinished.yield(id)
            }
            log("added job \(id)")
        }
        try? await Task.sleep(for: interval * 3)
        log("started while suspended: \(await started.value)")
        log("resumed")
        await queue.resume()
        for await id in finished where id == 3 { break }
        consumer.cancel()
        await consumer.value
    }

    actor StartCount {
        private(set) var value = 0
        func increment() { value += 1 }
    }
}
