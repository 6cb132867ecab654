import Foundation

/// A child process's standard output and standard error, line by line as they
/// come, read at the same time; its exit awaited, never waited for.
///
/// Each pipe holds about 64 KB. A child that fills one blocks in `write` until
/// someone reads it, so reading one stream to its end before the other
/// deadlocks as soon as the child fills the other. `run` reads both at once,
/// one loop each (`async let`), while it awaits the exit through
/// `terminationHandler`: no thread blocks in `waitUntilExit()`. Each loop reads
/// its pipe with a blocking `read` on a thread of a `BlockingIOExecutor`
/// (`blocking-io-executor`), so the end of the pipe is the `read` that returns
/// 0, and no cooperative thread waits. `run` returns when the child has exited
/// *and* both pipes have been read to their end: the exit can come while the
/// last lines still sit in a pipe. Cancelling the caller stops the child
/// (SIGTERM, then SIGKILL after `grace`), and `run` throws `CancellationError`
/// once it has exited.
public nonisolated enum ProcessOutputStream {
    /// Starts `process` (its executable, arguments, environment set by the
    /// caller), calls `onOutput` with each line of its standard output and
    /// `onError` with each line of its standard error (each stream in order,
    /// the two at the same time), and returns its exit status once it has
    /// exited and both streams have ended. Throws if it can't be started.
    /// `onStart` runs once `process.run()` has returned: the first lines can
    /// come before it.
    public static func run(
        _ process: Process,
        onOutput: @escaping @Sendable (String) async -> Void,
        onError: @escaping @Sendable (String) async -> Void,
        grace: Duration = .seconds(2),
        onStart: @escaping @Sendable () -> Void = {}
    ) async throws -> Int32 {
        try Task.checkCancellation()  // nothing started yet
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        // Two threads: each read blocks until its pipe has data.
        let readers = BlockingIOExecutor(name: "pipe-reader", threadCount: 2)
        defer { readers.shutdown() }
        let io = BlockingIO(executor: readers)
        async let outputRead: Void = forEachLine(in: output, on: io, onOutput)
        async let errorsRead: Void = forEachLine(in: errors, on: io, onError)
        let status: Int32
        do {
            status = try await exitStatus(
                of: process, grace: grace, onStart: onStart)
        } catch {
            // Not started: close the write ends, so that both reads end.
            try? output.fileHandleForWriting.close()
            try? errors.fileHandleForWriting.close()
            throw error
        }
        try await outputRead
        try await errorsRead
        try Task.checkCancellation()  // cancelled: the child has exited
        return status
    }
}

// MARK: - Reading a pipe line by line

nonisolated extension ProcessOutputStream {
    /// Calls `body` with each line the pipe delivers, in order, until the
    /// writer closes it; the last line needs no newline. Throws
    /// `CancellationError` at the first read after a cancellation.
    ///
    /// Each `read` blocks a thread of `io`'s executor until the pipe has data
    /// or its writers have all closed it (0 bytes: the end), never a thread
    /// of the cooperative pool. The lines are split on "\n" bytes, so a
    /// character cut in two by a chunk boundary is decoded whole. The next
    /// read waits for `body`: a slow consumer holds the child back.
    static func forEachLine(
        in pipe: Pipe, on io: BlockingIO,
        _ body: @Sendable (String) async -> Void
    ) async throws {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var pending: [UInt8] = []
        while case let chunk = try await io.run({ readChunk(descriptor) }),
            !chunk.isEmpty
        {
            pending += chunk
            var start = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                await body(
                    String(decoding: pending[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        if !pending.isEmpty {
            await body(String(decoding: pending, as: UTF8.self))
        }
    }

    /// What one `read` returns: up to 64 KB, or nothing at the end (or on an
    /// error other than an interrupted call).
    static func readChunk(_ descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress, $0.count)
            }
            if count >= 0 { return Array(buffer[..<count]) }
            if errno != EINTR { return [] }
        }
    }
}

// MARK: - Awaiting the exit; a cancelled caller stops the child

nonisolated extension ProcessOutputStream {
    /// Starts `process` and returns its exit status once it has exited. A
    /// cancelled caller stops it and still waits for the exit: the
    /// continuation ignores cancellation on purpose.
    static func exitStatus(
        of process: Process, grace: Duration,
        onStart: @Sendable () -> Void = {}
    ) async throws -> Int32 {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { exited in
                // Before `run()`: the child may exit at once.
                process.terminationHandler = { process in
                    exited.resume(returning: process.terminationStatus)
                }
                do {
                    try process.run()
                } catch {
                    exited.resume(throwing: error)  // no handler will run
                    return
                }
                onStart()
                // Cancelled while starting: the handler below found no
                // running process.
                if Task.isCancelled { stop(process, grace: grace) }
            }
        } onCancel: {
            stop(process, grace: grace)
        }
    }

    /// SIGTERM now, a chance to clean up; SIGKILL `grace` later if the child
    /// still runs (it may ignore SIGTERM, or have it blocked).
    static func stop(_ process: Process, grace: Duration) {
        guard process.isRunning else { return }
        process.terminate()
        Task {
            try await Task.sleep(for: grace)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ProcessOutputStream {
    /// The lines of both streams, as they came.
    actor Collected {
        var output: [String] = []
        var errors: [String] = []
        func add(output line: String) { output.append(line) }
        func add(error line: String) { errors.append(line) }
    }

    /// Runs a child that interleaves `count` lines on each stream, more than
    /// a pipe holds, and exits with status 3; logs what each stream brought.
    public static func bothStreams(
        _ process: Process, count: Int,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        let collected = Collected()
        let status = try await run(
            process,
            onOutput: { await collected.add(output: $0) },
            onError: { await collected.add(error: $0) })
        for (name, lines) in [
            ("stdout", await collected.output),
            ("stderr", await collected.errors),
        ] {
            log(summary(name, lines, count: count))
        }
        log("exit status \(status)")
    }

    /// Runs a child that prints one line and then runs on; cancels the caller
    /// once the line has come, and logs how the child ended.
    public static func cancelled(
        _ process: Process, grace: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            try await run(
                process,
                onOutput: { line in
                    log("stdout: \(line)")
                    starting.yield()
                },
                onError: { _ in }, grace: grace)
        }
        for await _ in started { break }
        caller.cancel()
        do {
            _ = try await caller.value
            log("returned although cancelled")
        } catch {
            log(error is CancellationError ? "cancelled" : "threw \(error)")
        }
        log(ended(process))
    }

    /// Runs an executable that does not exist.
    public static func missing(
        _ process: Process, log: @escaping @Sendable (String) -> Void
    ) async {
        do {
            _ = try await run(process, onOutput: { _ in }, onError: { _ in })
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
            "child ended by signal \(process.terminationStatus)"
        default: "child exited with status \(process.terminationStatus)"
        }
    }

    /// What fills each line to about 60 bytes.
    public static let padding = String(repeating: "x", count: 48)
}
