import Foundation

/// A child process's standard output and standard error, line by line as they
/// come: a blocking read loop per pipe on a global queue, and
/// `waitUntilExit()`.
///
/// Each pipe holds about 64 KB, so both are read at once: one block per pipe
/// on a global queue reads it with `availableData` until it returns empty
/// data, and cuts the chunks into lines. The calling thread blocks in
/// `waitUntilExit()`, then in a `DispatchGroup` until both pipes have reached
/// their end: the exit can come while the last lines still sit in a pipe.
/// `cancel()`, from any thread, stops the child.
public final class ProcessOutputStream: @unchecked Sendable {
    // `@unchecked Sendable`: `process` is configured before `run` and only
    // read after; the line buffers live in `LineSplitter`s.
    private let process: Process

    public init(_ process: Process) {
        self.process = process
    }

    /// Starts the process, calls `onOutput` with each line of its standard
    /// output and `onError` with each line of its standard error (on global
    /// queues, one per stream), and blocks until it has exited and both
    /// streams have ended; returns its exit status. Call it on a background
    /// queue. Throws if the child can't be started.
    public func run(
        onOutput: @escaping @Sendable (String) -> Void,
        onError: @escaping @Sendable (String) -> Void
    ) throws -> Int32 {
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()  // throws if it can't start: nothing to read
        let drained = DispatchGroup()
        Self.readLines(from: output, into: onOutput, group: drained)
        Self.readLines(from: errors, into: onError, group: drained)
        process.waitUntilExit()
        drained.wait()  // the last lines may come after the exit
        return process.terminationStatus
    }

    /// Stops the child: SIGTERM now, SIGKILL `grace` later if it still runs.
    public func cancel(grace: DispatchTimeInterval = .seconds(2)) {
        let process = self.process
        guard process.isRunning else { return }
        process.terminate()
        DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Calls `body` with each line from `pipe`, on a global queue, in a
    /// block of `group`.
    ///
    /// `availableData` blocks the queue's thread until the pipe has data, and
    /// returns empty data once every writer has closed it: the end.
    private static func readLines(
        from pipe: Pipe, into body: @escaping @Sendable (String) -> Void,
        group: DispatchGroup
    ) {
        let reading = pipe.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            let splitter = LineSplitter(body)
            while case let chunk = reading.availableData, !chunk.isEmpty {
                splitter.append(chunk)
            }
            splitter.finish()
        }
    }
}

// MARK: - Cutting chunks into lines

/// Cuts the chunks of one stream into lines, on "\n" bytes, and hands each to
/// `body`; the last line needs no newline.
final class LineSplitter: @unchecked Sendable {
    // `@unchecked Sendable`: `pending` is only touched under `lock`.
    private let lock = NSLock()
    private var pending: [UInt8] = []
    private let body: @Sendable (String) -> Void

    init(_ body: @escaping @Sendable (String) -> Void) {
        self.body = body
    }

    func append(_ chunk: Data) {
        lock.lock()
        defer { lock.unlock() }
        pending += chunk
        var start = 0
        while let newline = pending[start...].firstIndex(of: 0x0A) {
            body(String(decoding: pending[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        pending.removeFirst(start)
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if !pending.isEmpty {
            body(String(decoding: pending, as: UTF8.self))
        }
        pending = []
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ProcessOutputStream {
    /// Runs a child that interleaves `count` lines on each stream, more than
    /// a pipe holds, and exits with status 3; logs what each stream brought.
    public static func bothStreams(
        _ process: Process, count: Int,
        log: @escaping @Sendable (String) -> Void
    ) throws {
        let output = Collected()
        let errors = Collected()
        let status = try ProcessOutputStream(process).run(
            onOutput: output.add, onError: errors.add)
        log(summary("stdout", output.lines, count: count))
        log(summary("stderr", errors.lines, count: count))
        log("exit status \(status)")
    }

    /// Runs a child that prints one line and then runs on; cancels it once
    /// the line has come, and logs how the child ended.
    public static func cancelled(
        _ process: Process, grace: DispatchTimeInterval,
        log: @escaping @Sendable (String) -> Void
    ) {
        let runner = ProcessOutputStream(process)
        do {
            _ = try runner.run(
                onOutput: { line in
                    log("stdout: \(line)")
                    runner.cancel(grace: grace)
                },
                onError: { _ in })
            log("cancelled")
        } catch {
            log("threw \(error)")
        }
        log(ended(process))
    }

    /// Runs an executable that does not exist.
    public static func missing(
        _ process: Process, log: @escaping @Sendable (String) -> Void
    ) {
        do {
            _ = try ProcessOutputStream(process).run(
                onOutput: { _ in }, onError: { _ in })
            log("started")
        } catch {
            log("could not start \(process.executableURL?.path ?? "")")
        }
    }

    /// "stdout: 2000 lines, in order", or what went wrong.
    static func summary(_ name: String, _ lines: [String], count: Int) -> String
    {
        let expected = (0..<count).map { "\(name) \($0) " + padding }
        let inOrder = lines == expected ? "in order" : "NOT in order"
        return "\(name): \(lines.count) lines, \(inOrder)"
    }

    /// How the child ended: its status, or the signal that ended it.
    static func ended(_ process: Process) -> String {
        switch process.terminationReason {
        case .uncaughtSignal:
            return "child ended by signal \(process.terminationStatus)"
        default:
            return "child exited with status \(process.terminationStatus)"
        }
    }

    /// What fills each line to about 60 bytes.
    public static let padding = String(repeating: "x", count: 48)
}

/// The lines of one stream, as they came.
private final class Collected: @unchecked Sendable {
    // `@unchecked Sendable`: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    func add(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
