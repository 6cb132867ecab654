/// A queue of jobs that can be paused and resumed: one worker task reads a
/// stream of commands (add, cancel, pause, resume) and runs the jobs one at a
/// time.
///
/// Every call is synchronous: it yields a command into an `AsyncStream` and
/// returns, and the commands take effect in the order they were made, so a
/// `pause()` and a `resume()` made one after the other (in a reachability
/// callback, say) can't arrive the other way round. The worker owns the
/// pending jobs and the paused flag. It starts the first pending job when the
/// queue isn't paused and no job runs, as a child task that reports through
/// the same stream when it ends, so the worker goes on reading commands while
/// a job runs: pausing stops the next job from *starting*, at once; the
/// running one goes on. Jobs run one at a time, FIFO. `add` never waits and
/// never drops a job: while paused, or when the jobs are slower than the
/// callers, the list grows. A pending job cancelled with `cancel(_:)` never
/// runs. Dropping the queue lets the running job finish and drops the pending
/// ones.
public nonisolated final class PausableQueue: Sendable {
    public typealias Job = @Sendable () async -> Void

    /// Names a job that was added, for `cancel(_:)`.
    public final class Ticket: Sendable {}

    private enum Command: Sendable {
        case add(Ticket, Job)
        case cancel(Ticket)
        case pause, resume
        case finished  // from the running job, as its last act
    }

    private let commands: AsyncStream<Command>.Continuation

    /// Starts the worker at `priority` (`nil`: the priority of the code
    /// creating the queue). `log` hears the worker each time it waits with no
    /// job running.
    public init(
        paused: Bool = false,
        priority: TaskPriority? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        let (stream, commands) = AsyncStream.makeStream(of: Command.self)
        self.commands = commands
        Task(priority: priority) {
            await Self.work(stream, commands, paused: paused, log: log)
        }
    }

    deinit { commands.finish() }
}

// MARK: - Jobs in, and suspend/resume

nonisolated extension PausableQueue {
    /// Adds a job; returns its ticket, for `cancel(_:)`.
    @discardableResult
    public func add(_ job: @escaping Job) -> Ticket {
        let ticket = Ticket()
        commands.yield(.add(ticket, job))
        return ticket
    }

    /// Removes the job if it hasn't started; it then never runs.
    public func cancel(_ ticket: Ticket) { commands.yield(.cancel(ticket)) }

    /// Stops new jobs from starting; a running job goes on.
    public func pause() { commands.yield(.pause) }

    /// Lets the pending jobs start, in the order they were added.
    public func resume() { commands.yield(.resume) }
}

// MARK: - The worker: one task reads the commands, a child runs each job

nonisolated extension PausableQueue {
    private static func work(
        _ stream: AsyncStream<Command>,
        _ commands: AsyncStream<Command>.Continuation,
        paused: Bool,
        log: @Sendable (String) -> Void
    ) async {
        var pending: [(ticket: Ticket, job: Job)] = []
        var isPaused = paused
        var isRunning = false
        await withTaskGroup(of: Void.self) { running in
            for await command in stream {
                switch command {
                case .add(let ticket, let job): pending.append((ticket, job))
                case .cancel(let ticket):
                    pending.removeAll { $0.ticket === ticket }
                case .pause: isPaused = true
                case .resume: isPaused = false
                case .finished:
                    isRunning = false
                    await running.next()  // it has just ended
                }
                if !isRunning, !isPaused, !pending.isEmpty {
                    isRunning = true
                    let next = pending.removeFirst()
                    running.addTask {
                        await next.job()
                        commands.yield(.finished)
                    }
                } else if !isRunning {
                    log(
                        "waiting: \(pending.count) pending, paused: \(isPaused)"
                    )
                }
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension PausableQueue {
    /// Pauses the queue, adds three jobs, waits three `interval`s, then
    /// resumes and waits for the jobs.
    public static func runDemo(
        interval: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        let queue = PausableQueue()
        let (finished, allFinished) = AsyncStream.makeStream(of: Int.self)
        let started = StartCount()
        queue.pause()
        log("suspended")
        for id in 1...3 {
            queue.add {
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
        queue.resume()
        for await id in finished where id == 3 { break }
    }

    actor StartCount {
        private(set) var value = 0
        func increment() { value += 1 }
    }
}
