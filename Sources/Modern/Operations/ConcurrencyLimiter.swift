/// At most `limit` jobs at once, for jobs that keep arriving from unrelated
/// callers: an actor that counts permits and keeps a FIFO line of waiters.
///
/// One limiter lives as long as the thing it protects (an API client, an
/// image loader), and every caller wraps its job in `run`. A job takes a
/// permit before it starts and gives it back when it returns or throws, on
/// every path, so a failing request can't shrink the limit. A caller that
/// finds every permit taken suspends in the line, holding no thread; a freed
/// permit goes straight to the first caller in the line, so callers start in
/// the order they arrived and a newcomer can't overtake them. A caller
/// cancelled while it waits leaves the line at once with `CancellationError`,
/// and took no permit. The job runs in the caller's task and isolation, at
/// the caller's priority.
public actor ConcurrencyLimiter {
    private typealias Waiter = (
        id: Int, resume: CheckedContinuation<Void, any Error>
    )

    public let limit: Int
    private var running = 0
    private var line: [Waiter] = []
    private var nextID = 0

    public init(limit: Int) {
        precondition(limit > 0, "at least one job must be able to run")
        self.limit = limit
    }

    /// How many jobs hold a permit.
    public var runningCount: Int { running }
    /// How many callers wait in the line.
    public var waitingCount: Int { line.count }

    /// Runs `job` once fewer than `limit` jobs are running; the permit goes
    /// back when `job` returns or throws. Throws `CancellationError`, without
    /// running `job`, if the caller is cancelled before its turn.
    public func run<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ job: () async throws -> T
    ) async throws -> T {
        try await acquire()
        do {
            // Cancelled while its turn came: don't start the job.
            try Task.checkCancellation()
            let result = try await job()
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }
}

// MARK: - The line: FIFO, cancellable

extension ConcurrencyLimiter {
    private func acquire() async throws {
        try Task.checkCancellation()
        if running < limit {
            running += 1
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    line.append((id, continuation))
                }
            }
        } onCancel: {
            // Runs on the cancelling thread: hop onto the actor.
            Task { await self.leaveLine(id) }
        }
    }

    /// Hands the permit to the first caller in the line, or frees it.
    private func release() {
        if line.isEmpty {
            running -= 1
        } else {
            line.removeFirst().resume.resume()
        }
    }

    private func leaveLine(_ id: Int) {
        // Not found: its turn already came, and it holds a permit it will
        // give back.
        guard let index = line.firstIndex(where: { $0.id == id }) else {
            return
        }
        line.remove(at: index).resume.resume(throwing: CancellationError())
    }
}

// MARK: - Or: jobs handed over from synchronous code, one window over them

/// Jobs submitted from synchronous code (an engine that reports one job
/// ready at a time), started in the order they were submitted, at most
/// `limit` at once: one task reads them from a stream and keeps a sliding
/// window of child tasks.
///
/// `submit` returns at once, from any thread, as `addOperation` did; the jobs
/// wait in the stream's buffer, which is unbounded, as an operation queue's
/// list is. `run` is the one consumer: it starts a job only when fewer than
/// `limit` run, and returns once `finish()` was called and the last job is
/// done, or when its task is cancelled (the running jobs see the
/// cancellation, the waiting ones never start). The jobs run as children of
/// the task that called `run`, at its priority.
public nonisolated final class JobQueue: Sendable {
    public typealias Job = @Sendable () async -> Void

    public let limit: Int
    private let jobs: AsyncStream<Job>
    private let input: AsyncStream<Job>.Continuation

    public init(limit: Int) {
        precondition(limit > 0, "at least one job must be able to run")
        self.limit = limit
        (jobs, input) = AsyncStream.makeStream()
    }

    /// Adds a job; returns at once. Jobs start in the order of the calls.
    public func submit(_ job: @escaping Job) {
        input.yield(job)
    }

    /// No more jobs: `run` returns once the submitted ones are done.
    public func finish() {
        input.finish()
    }

    /// Runs the submitted jobs, at most `limit` at once. Call it once.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for await job in jobs {
                if running == limit {
                    await group.next()
                    running -= 1
                }
                if Task.isCancelled { break }
                group.addTask { await job() }
                running += 1
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// A one-shot gate for the driver: `open()` once, and `wait()` returns.
private nonisolated final class Gate: Sendable {
    private let pair = AsyncStream.makeStream(of: Void.self)
    func open() { pair.continuation.finish() }
    func wait() async { for await _ in pair.stream {} }
}

/// The driver's jobs: each logs its start with how many run, waits until the
/// driver lets it finish, and logs its end; job 2 fails. The driver lets one
/// finish at a time, so the lines come in one order.
private actor Jobs {
    struct Failed: Error {}

    private let log: @Sendable (String) -> Void
    private let noun: String
    private var started: [Int: Gate] = [:]
    private var finish: [Int: Gate] = [:]
    private var ended: [Int: Gate] = [:]
    private var running = 0
    private(set) var mostRunning = 0

    init(_ noun: String, log: @escaping @Sendable (String) -> Void) {
        self.noun = noun
        self.log = log
    }

    private func gate(_ gates: inout [Int: Gate], _ job: Int) -> Gate {
        if let gate = gates[job] { return gate }
        let gate = Gate()
        gates[job] = gate
        return gate
    }

    func body(_ job: Int) async throws {
        running += 1
        mostRunning = max(mostRunning, running)
        log("\(noun) \(job) started, \(running) running")
        gate(&started, job).open()
        await gate(&finish, job).wait()
        running -= 1
        defer { gate(&ended, job).open() }
        if job == 2 {
            log("\(noun) \(job) failed")
            throw Failed()
        }
        log("\(noun) \(job) finished")
    }

    func untilStarted(_ job: Int) async { await gate(&started, job).wait() }
    /// Lets `job` finish, and returns once it has logged its end.
    func letFinish(_ job: Int) async {
        gate(&finish, job).open()
        await gate(&ended, job).wait()
    }
}

/// The steps of the page: jobs 1 and 2 arrive and run, 3 and 4 arrive and
/// wait; each end lets the next one in; job 5 arrives late and waits its
/// turn. Each start is awaited before the next job arrives, so the lines
/// come in one order.
private func drive(_ jobs: Jobs, submit: (Int) async -> Void) async {
    for job in 1...2 {
        await submit(job)
        await jobs.untilStarted(job)
    }
    for job in 3...4 { await submit(job) }
    await jobs.letFinish(1)
    await jobs.untilStarted(3)
    await jobs.letFinish(2)
    await jobs.untilStarted(4)
    await submit(5)
    await jobs.letFinish(3)
    await jobs.untilStarted(5)
    await jobs.letFinish(4)
    await jobs.letFinish(5)
}

extension ConcurrencyLimiter {
    /// How many callers the limiter holds, running or waiting.
    private var inside: Int { running + line.count }

    /// Yields until the limiter holds `count` callers.
    private func until(inside count: Int) async {
        while !Task.isCancelled, inside != count { await Task.yield() }
    }

    /// Starts a caller of its own for `job`, and returns once the limiter
    /// counts it, so that callers arrive in the driver's order.
    private nonisolated static func arrive(
        _ job: Int, at limiter: ConcurrencyLimiter, _ jobs: Jobs
    ) async -> Task<Void, any Error> {
        let before = await limiter.inside
        let caller = Task { try await limiter.run { try await jobs.body(job) } }
        await limiter.until(inside: before + 1)
        return caller
    }

    /// Five requests from unrelated callers, at most 2 at once; the second
    /// one fails. Returns the most that ran at once.
    public static func keepArriving(
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let limiter = ConcurrencyLimiter(limit: 2)
        let jobs = Jobs("request", log: log)
        var callers: [Task<Void, any Error>] = []
        await drive(jobs) { job in
            callers.append(await arrive(job, at: limiter, jobs))
        }
        for caller in callers { _ = await caller.result }
        let most = await jobs.mostRunning
        log("5 requests done, at most \(most) at once")
        return most
    }

    /// Requests 1 and 2 run, 3 and 4 wait, and 3 is cancelled: 4 takes the
    /// next permit, and two later requests still run at once.
    public static func cancelWhileWaiting(
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let limiter = ConcurrencyLimiter(limit: 2)
        let jobs = Jobs("request", log: log)
        var callers: [Int: Task<Void, any Error>] = [:]
        for job in 1...4 {
            callers[job] = await arrive(job, at: limiter, jobs)
            if job <= 2 { await jobs.untilStarted(job) }
        }
        log("request 3 cancelled while it waits")
        callers[3]!.cancel()
        await jobs.letFinish(1)
        await jobs.untilStarted(4)
        if case .failure(let error) = await callers[3]!.result,
            error is CancellationError
        {
            log("request 3 left the line without running")
        }
        await jobs.letFinish(2)
        await jobs.letFinish(4)
        await limiter.until(inside: 0)
        for job in 5...6 {
            callers[job] = await arrive(job, at: limiter, jobs)
            await jobs.untilStarted(job)
        }
        await jobs.letFinish(5)
        await jobs.letFinish(6)
        for caller in callers.values { _ = await caller.result }
        return await jobs.mostRunning
    }
}

nonisolated extension JobQueue {
    /// An engine submits jobs 1 to 5 from synchronous code, job 5 late; at
    /// most 2 run at once, and job 2 fails. Returns the most that ran at
    /// once.
    public static func engine(
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let queue = JobQueue(limit: 2)
        let jobs = Jobs("job", log: log)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await queue.run() }
            await drive(jobs) { job in
                queue.submit { try? await jobs.body(job) }
            }
            queue.finish()
        }
        let most = await jobs.mostRunning
        log("5 jobs done, at most \(most) at once")
        return most
    }
}
