import Foundation

/// A helper process started and awaited until it says it is ready, under a
/// deadline; the caller's code runs while it is ready, and the child is
/// stopped and reaped before the call returns.
///
/// A test harness or an app that starts a server (a database, a language
/// server, a mock backend) must not talk to it before it listens, and must not
/// wait forever for a child that died or hangs. `withReadyProcess` runs the
/// child for its whole life in a task group: `ProcessOutputStream.run`
/// (`process-output-stream`) reads both pipes to their end, so a chatty child
/// never blocks on a full pipe, and awaits the exit through
/// `terminationHandler`. The first of three events decides: a line of
/// standard output that `ready` accepts, the child's exit, or the deadline.
/// Ready: `body` runs with what `ready` returned, then the child is stopped.
/// Exited first: `Failure.exited` with its status, at once. The deadline, an
/// error from `body`, or the caller's cancellation: the child is stopped
/// (SIGTERM, then SIGKILL after `grace`), and the call returns only once it
/// has exited.
public nonisolated enum ProcessReadiness {
    /// Why the helper never became ready.
    public enum Failure: Error, Equatable, Sendable {
        /// It exited first, with this status (or the number of the signal
        /// that ended it).
        case exited(status: Int32)
        /// The deadline passed first; the child has been stopped.
        case timedOut(after: Duration)
    }

    /// Starts `process`, waits until `ready` returns a value for a line of its
    /// standard output, then runs `body` with that value while the child
    /// runs, and stops the child. Throws `Failure` if it exits first or
    /// `timeout` passes first, and the error `run()` throws if it can't start.
    ///
    /// `ready` sees every line of standard output, before and after
    /// readiness; `onError` every line of standard error. The child has
    /// exited when this returns or throws.
    public static func withReadyProcess<Ready: Sendable, BodyResult>(
        _ process: Process,
        timeout: Duration,
        grace: Duration = .seconds(2),
        ready: @escaping @Sendable (String) -> Ready?,
        onError: @escaping @Sendable (String) async -> Void = { _ in },
        _ body: (Ready) async throws -> BodyResult
    ) async throws -> BodyResult {
        // The deadline counts from the call, not from a child's first run.
        let deadline = ContinuousClock.now.advanced(by: timeout)
        // Only the first event counts: the stream keeps it and drops the
        // rest, so nothing piles up while `body` runs.
        let (events, event) = AsyncStream.makeStream(
            of: Event<Ready>.self, bufferingPolicy: .bufferingOldest(1))
        // The ready line can come before `process.run()` has returned.
        let (started, start) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingOldest(1))
        return try await withThrowingTaskGroup(of: Void.self) { child in
            // The child's whole life; cancelling this task stops it.
            child.addTask {
                do {
                    let status = try await ProcessOutputStream.run(
                        process,
                        onOutput: { line in
                            if let value = ready(line) {
                                event.yield(.ready(value))
                            }
                        },
                        onError: onError, grace: grace,
                        onStart: { start.yield() })
                    event.yield(.exited(status))
                } catch {
                    event.yield(.failed(error))  // not started, or stopped
                    throw error
                }
            }
            // Throwing from here cancels the child task, which stops the
            // child, and waits for it.
            switch try await first(of: events, until: deadline) {
            case .ready(let value):
                for await _ in started { break }  // `process` is set up
                try Task.checkCancellation()  // cancelled as it got ready
                let result = try await body(value)
                child.cancelAll()  // stop the child; the group waits for it
                return result
            case .exited(let status):
                throw Failure.exited(status: status)
            case .failed(let error):
                throw error
            case .timedOut:
                throw Failure.timedOut(after: timeout)
            }
        }
    }
}

// MARK: - The race: ready, exited or the deadline

nonisolated extension ProcessReadiness {
    /// What the child did first, or the deadline.
    enum Event<Ready: Sendable>: Sendable {
        case ready(Ready)
        case exited(Int32)
        case failed(any Error)
        case timedOut
    }

    /// The first event of `events`, or `.timedOut` at `deadline`; the loser
    /// is cancelled. Throws `CancellationError` if the caller is cancelled
    /// first.
    static func first<Ready: Sendable>(
        of events: AsyncStream<Event<Ready>>,
        until deadline: ContinuousClock.Instant
    ) async throws -> Event<Ready> {
        try await withThrowingTaskGroup(of: Event<Ready>.self) { race in
            race.addTask {
                for await event in events { return event }
                throw CancellationError()  // ends early only when cancelled
            }
            race.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return .timedOut
            }
            defer { race.cancelAll() }
            guard let first = try await race.next() else {
                throw CancellationError()
            }
            return first
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ProcessReadiness {
    /// The port in "listening on port N", or nil for any other line.
    public static func port(in line: String) -> Int? {
        let prefix = "listening on port "
        guard line.hasPrefix(prefix) else { return nil }
        return Int(line.dropFirst(prefix.count))
    }

    /// Starts `process`, waits for its "listening on port N" line under
    /// `timeout`, logs the port, and logs how the wait ended and how the child
    /// ended.
    public static func waitForPort(
        _ process: Process, timeout: Duration, grace: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        do {
            try await withReadyProcess(
                process, timeout: timeout, grace: grace, ready: port(in:)
            ) { port in
                log("ready on port \(port)")
            }
            log("stopped the helper")
        } catch {
            log(describe(error))
        }
        log(ended(process))
    }

    /// Starts `process`, and cancels the waiting caller once the child has
    /// printed its first line (it never prints the ready one).
    public static func cancelledWhileWaiting(
        _ process: Process, grace: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (started, starting) = AsyncStream.makeStream(of: String.self)
        let caller = Task {
            try await withReadyProcess(
                process, timeout: .seconds(600), grace: grace,
                ready: { line in
                    starting.yield(line)
                    return port(in: line)
                }
            ) { _ in log("ready") }
        }
        for await line in started {
            log("stdout: \(line)")
            break
        }
        caller.cancel()
        do {
            try await caller.value
            log("returned although cancelled")
        } catch {
            log(describe(error))
        }
        log(ended(process))
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case Failure.exited(let status):
            "not ready: it exited first, status \(status)"
        case Failure.timedOut: "not ready: timed out"
        case is CancellationError: "cancelled while waiting"
        default: "could not start"
        }
    }

    /// How the child ended: its status, or a signal.
    static func ended(_ process: Process) -> String {
        if process.processIdentifier == 0 { return "no child started" }
        if process.isRunning { return "child still running" }
        return switch process.terminationReason {
        case .uncaughtSignal: "child ended by a signal"
        default: "child exited with status \(process.terminationStatus)"
        }
    }
}
