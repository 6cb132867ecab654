import Foundation

/// At most `limit` requests at once, for requests that keep arriving from
/// unrelated callers: a counting semaphore kept by a long-lived object, taken
/// before each request and given back when it completes.
///
/// The shape of an API client or an image loader that holds
/// `DispatchSemaphore(value: limit)` in a property. `run` returns at once; a
/// serial queue waits on the semaphore for each job in turn, so jobs start in
/// the order they were submitted and the waiting blocks one thread, not one
/// per job. A job starts its asynchronous work and calls `done` when it ends;
/// `done` signals the semaphore. A job cancelled while it waits still holds
/// its place: when its turn comes it gives the permit straight back and its
/// `ifCancelled` runs.
public final class ConcurrencyLimiter: Sendable {
    public typealias Job =
        @Sendable (
            _ done: @escaping @Sendable () -> Void
        ) -> Void

    public let limit: Int
    private let permits: DispatchSemaphore
    private let line = DispatchQueue(label: "com.example.limiter.line")

    public init(limit: Int) {
        precondition(limit > 0, "at least one job must be able to run")
        self.limit = limit
        permits = DispatchSemaphore(value: limit)
    }

    /// Starts `job` once fewer than `limit` jobs are running. `job` must call
    /// `done` exactly once, on every path; `ifCancelled` runs instead of
    /// `job` if the returned ticket was cancelled before its turn.
    @discardableResult
    public func run(
        _ job: @escaping Job,
        ifCancelled: @escaping @Sendable () -> Void = {}
    ) -> Ticket {
        let ticket = Ticket()
        line.async { [permits] in
            permits.wait()
            if ticket.isCancelled {
                permits.signal()
                ifCancelled()
                return
            }
            job { permits.signal() }
        }
        return ticket
    }
}

// MARK: - The line: FIFO, cancellable

extension ConcurrencyLimiter {
    /// A handle on one job: cancelling it before its turn skips the job.
    public final class Ticket: @unchecked Sendable {
        // `@unchecked Sendable`: `cancelled` is only touched holding `lock`.
        private let lock = NSLock()
        private var cancelled = false

        public var isCancelled: Bool { lock.withLock { cancelled } }

        /// Skips the job if it has not started; a running job goes on.
        public func cancel() { lock.withLock { cancelled = true } }
    }
}

// MARK: - Or: jobs handed over from synchronous code, one window over them

/// Jobs submitted from synchronous code (an engine that reports one job
/// ready at a time), started in the order they were submitted, at most
/// `limit` at once: a long-lived `OperationQueue` with
/// `maxConcurrentOperationCount`.
///
/// Each running job holds one of the queue's threads until it returns.
public final class JobQueue: Sendable {
    private let operations = OperationQueue()

    public init(limit: Int) {
        operations.maxConcurrentOperationCount = limit
    }

    /// Adds a job; returns at once. Jobs start in the order of the calls.
    public func submit(_ job: @escaping @Sendable () -> Void) {
        operations.addOperation(job)
    }

    /// Blocks until every submitted job is done.
    public func waitUntilAllJobsAreFinished() {
        operations.waitUntilAllOperationsAreFinished()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// The driver's jobs: each logs its start with how many run, waits until the
/// driver lets it finish, and logs its end; job 2 fails. The driver lets one
/// finish at a time, so the lines come in one order.
private final class Jobs: @unchecked Sendable {
    // `@unchecked Sendable`: the counts are only touched holding `lock`; the
    // semaphores are thread-safe and made before any job runs.
    private let log: @Sendable (String) -> Void
    private let noun: String
    private let lock = NSLock()
    private var running = 0
    private var most = 0
    private let started: [DispatchSemaphore]
    private let finish: [DispatchSemaphore]
    private let ended: [DispatchSemaphore]

    init(_ noun: String, log: @escaping @Sendable (String) -> Void) {
        self.noun = noun
        self.log = log
        (started, finish, ended) = (
            (0...6).map { _ in DispatchSemaphore(value: 0) },
            (0...6).map { _ in DispatchSemaphore(value: 0) },
            (0...6).map { _ in DispatchSemaphore(value: 0) }
        )
    }

    var mostRunning: Int { lock.withLock { most } }

    func start(_ job: Int) {
        let now = lock.withLock {
            running += 1
            most = max(most, running)
            return running
        }
        log("\(noun) \(job) started, \(now) running")
        started[job].signal()
    }

    /// Runs `end` on a global queue once the driver lets `job` finish.
    func whenLetFinish(_ job: Int, _ end: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async { [self] in
            finish[job].wait()
            self.end(job)
            end()
        }
    }

    /// Blocks the job's thread until the driver lets it finish.
    func waitToFinish(_ job: Int) {
        finish[job].wait()
        end(job)
    }

    private func end(_ job: Int) {
        lock.withLock { running -= 1 }
        log("\(noun) \(job) " + (job == 2 ? "failed" : "finished"))
        ended[job].signal()
    }

    func untilStarted(_ job: Int) { started[job].wait() }

    /// Lets `job` finish, and returns once it has logged its end.
    func letFinish(_ job: Int) {
        finish[job].signal()
        ended[job].wait()
    }
}

/// The steps of the page: jobs 1 and 2 arrive and run, 3 and 4 arrive and
/// wait; each end lets the next one in; job 5 arrives late and waits its
/// turn. Each start is awaited before the next job arrives, so the lines
/// come in one order.
private func drive(_ jobs: Jobs, submit: (Int) -> Void) {
    for job in 1...2 {
        submit(job)
        jobs.untilStarted(job)
    }
    for job in 3...4 { submit(job) }
    jobs.letFinish(1)
    jobs.untilStarted(3)
    jobs.letFinish(2)
    jobs.untilStarted(4)
    submit(5)
    jobs.letFinish(3)
    jobs.untilStarted(5)
    jobs.letFinish(4)
    jobs.letFinish(5)
}

extension ConcurrencyLimiter {
    /// A request that starts its work and calls `done` when the driver lets
    /// it finish, on the failing path too.
    private static func request(_ job: Int, _ jobs: Jobs) -> Job {
        { done in
            jobs.start(job)
            jobs.whenLetFinish(job) { done() }
        }
    }

    /// Five requests from unrelated callers, at most 2 at once; the second
    /// one fails. Blocks until they are done; returns the most that ran at
    /// once.
    public static func keepArriving(
        log: @escaping @Sendable (String) -> Void
    ) -> Int {
        let limiter = ConcurrencyLimiter(limit: 2)
        let jobs = Jobs("request", log: log)
        drive(jobs) { job in limiter.run(request(job, jobs)) }
        log("5 requests done, at most \(jobs.mostRunning) at once")
        return jobs.mostRunning
    }

    /// Requests 1 and 2 run, 3 and 4 wait, and 3 is cancelled: 4 takes the
    /// next permit, and two later requests still run at once. Blocks until
    /// they are done; returns the most that ran at once.
    public static func cancelWhileWaiting(
        log: @escaping @Sendable (String) -> Void
    ) -> Int {
        let limiter = ConcurrencyLimiter(limit: 2)
        let jobs = Jobs("request", log: log)
        let skipped = DispatchSemaphore(value: 0)
        var tickets: [Int: Ticket] = [:]
        for job in 1...4 {
            tickets[job] = limiter.run(request(job, jobs)) {
                skipped.signal()
            }
        }
        jobs.untilStarted(2)
        log("request 3 cancelled while it waits")
        tickets[3]!.cancel()
        jobs.letFinish(1)
        jobs.untilStarted(4)
        skipped.wait()
        log("request 3 left the line without running")
        jobs.letFinish(2)
        jobs.letFinish(4)
        for job in 5...6 {
            limiter.run(request(job, jobs))
            jobs.untilStarted(job)
        }
        jobs.letFinish(5)
        jobs.letFinish(6)
        return jobs.mostRunning
    }
}

extension JobQueue {
    /// An engine submits jobs 1 to 5 from synchronous code, job 5 late; at
    /// most 2 run at once, and job 2 fails. Blocks until they are done;
    /// returns the most that ran at once.
    public static func engine(log: @escaping @Sendable (String) -> Void) -> Int
    {
        let queue = JobQueue(limit: 2)
        let jobs = Jobs("job", log: log)
        drive(jobs) { job in
            queue.submit {
                jobs.start(job)
                jobs.waitToFinish(job)
            }
        }
        queue.waitUntilAllJobsAreFinished()
        log("5 jobs done, at most \(jobs.mostRunning) at once")
        return jobs.mostRunning
    }
}
