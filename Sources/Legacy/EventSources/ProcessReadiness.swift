import Foundation

/// A helper process started and waited for until it prints its ready line,
/// with a timeout: `readabilityHandler`, `terminationHandler` and a
/// `DispatchSemaphore`.
///
/// The shape test harnesses and apps have: a `Pipe` on each stream, a
/// `readabilityHandler` that cuts standard output into lines and signals a
/// semaphore at the ready line, a `terminationHandler` that signals it too, and
/// `wait(timeout:)` on the calling thread. The first signal decides. The
/// handlers keep draining both pipes after the ready line, so the child never
/// blocks on a full pipe. `stop()` sends SIGTERM and, if the child has not
/// exited after a grace period, SIGKILL; it blocks until the child has exited.
public final class ProcessReadiness: @unchecked Sendable {
    // `@unchecked Sendable`: `process` is configured in `start` and only read
    // after; `pending` and `outcome` are only touched under `lock`.
    public enum Failure: Error, Equatable {
        /// It exited first, with this status (or the number of the signal
        /// that ended it).
        case exited(status: Int32)
        /// The timeout passed first; the child has been stopped.
        case timedOut
        /// `cancel()` was called first; the child has been stopped.
        case cancelled
    }

    private enum Outcome {
        case ready(String)
        case exited(Int32)
        case cancelled
        case timedOut
    }

    private let process: Process
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var pending = Data()
    private var outcome: Outcome?
    private let decided = DispatchSemaphore(value: 0)
    private let exited = DispatchGroup()
    private let grace: DispatchTimeInterval

    /// `grace`: how long the child gets between SIGTERM and SIGKILL.
    public init(_ process: Process, grace: DispatchTimeInterval = .seconds(2)) {
        self.process = process
        self.grace = grace
    }

    /// Starts the process and blocks the calling thread until it prints a
    /// line `isReady` accepts (returned), exits, or `timeout` passes, or
    /// `cancel()` is called. On every path but the ready line the child has
    /// exited when this throws. Call it on a background queue.
    public func start(
        timeout: DispatchTimeInterval,
        isReady: @escaping @Sendable (String) -> Bool
    ) throws -> String {
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let chunk = handle.availableData
            if chunk.isEmpty {  // the end: stop being called
                handle.readabilityHandler = nil
                return
            }
            for line in lines(appending: chunk) where isReady(line) {
                decide(.ready(line))
            }
        }
        errors.fileHandleForReading.readabilityHandler = { handle in
            if handle.availableData.isEmpty {  // drained, to the end
                handle.readabilityHandler = nil
            }
        }
        exited.enter()
        process.terminationHandler = { [self] process in
            decide(.exited(process.terminationStatus))
            exited.leave()
        }
        do {
            try process.run()
        } catch {
            exited.leave()  // no handler will run
            stopReading()
            throw error
        }
        if decided.wait(timeout: .now() + timeout) == .timedOut {
            decide(.timedOut)  // unless an event came in between
        }
        switch lock.withLock({ outcome! }) {
        case .ready(let line):
            return line
        case .exited(let status):
            stopReading()
            throw Failure.exited(status: status)
        case .timedOut:
            stop()
            throw Failure.timedOut
        case .cancelled:
            stop()
            throw Failure.cancelled
        }
    }

    /// Ends a `start` that is still waiting, from any thread: it stops the
    /// child and throws `Failure.cancelled`.
    public func cancel() {
        decide(.cancelled)
    }

    /// Stops the child: SIGTERM now, SIGKILL `grace` later if it still runs.
    /// Blocks until it has exited.
    public func stop() {
        if process.isRunning { process.terminate() }
        if exited.wait(timeout: .now() + grace) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        stopReading()
    }
}

// MARK: - The race: ready, exited or the timeout

extension ProcessReadiness {
    /// The first event wins; later ones change nothing.
    private func decide(_ event: Outcome) {
        let first = lock.withLock {
            guard outcome == nil else { return false }
            outcome = event
            return true
        }
        if first { decided.signal() }
    }

    /// The complete lines that `chunk` ends; keeps a partial last line for
    /// the next chunk.
    private func lines(appending chunk: Data) -> [String] {
        lock.withLock {
            pending += chunk
            var lines: [String] = []
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                lines.append(String(decoding: line, as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
            return lines
        }
    }

    private func stopReading() {
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ProcessReadiness {
    /// The port in "listening on port N", or nil for any other line.
    public static func port(in line: String) -> Int? {
        let prefix = "listening on port "
        guard line.hasPrefix(prefix) else { return nil }
        return Int(line.dropFirst(prefix.count))
    }

    /// Starts `process`, waits for its "listening on port N" line under
    /// `timeout`, logs the port, stops the child, and logs how the wait ended
    /// and how the child ended.
    public static func waitForPort(
        _ process: Process, timeout: DispatchTimeInterval,
        grace: DispatchTimeInterval, log: @escaping @Sendable (String) -> Void
    ) {
        let helper = ProcessReadiness(process, grace: grace)
        do {
            let line = try helper.start(timeout: timeout) {
                port(in: $0) != nil
            }
            log("ready on port \(port(in: line)!)")
            helper.stop()
            log("stopped the helper")
        } catch {
            log(describe(error))
        }
        log(ended(process))
    }

    /// Starts `process`, and cancels the wait once the child has printed a
    /// line (it prints one, never the ready one).
    public static func cancelledWhileWaiting(
        _ process: Process, grace: DispatchTimeInterval,
        log: @escaping @Sendable (String) -> Void
    ) {
        let helper = ProcessReadiness(process, grace: grace)
        do {
            _ = try helper.start(timeout: .seconds(600)) { line in
                log("stdout: \(line)")
                helper.cancel()
                return port(in: line) != nil
            }
            log("ready")
        } catch {
            log(describe(error))
        }
        log(ended(process))
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case Failure.exited(let status):
            return "not ready: it exited first, status \(status)"
        case Failure.timedOut: return "not ready: timed out"
        case Failure.cancelled: return "cancelled while waiting"
        default: return "could not start"
        }
    }

    /// How the child ended: its status, or a signal.
    static func ended(_ process: Process) -> String {
        if process.processIdentifier == 0 { return "no child started" }
        if process.isRunning { return "child still running" }
        switch process.terminationReason {
        case .uncaughtSignal: return "child ended by a signal"
        default: return "child exited with status \(process.terminationStatus)"
        }
    }
}
