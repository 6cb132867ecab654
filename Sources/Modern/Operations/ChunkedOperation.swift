/// Work in chunks that checks `Task.isCancelled` before each one:
/// `task.cancel()` is a request that the body honours at its next check.
///
/// Cancellation is cooperative here too. Cancelling a task sets a flag on it
/// and on its child tasks; nothing stops until the code checks, and a task
/// that was cancelled before it started still runs its body. So the body
/// checks before every chunk, as `main` checked `isCancelled`, and returns
/// what it has done (or throws `CancellationError`, with
/// `try Task.checkCancellation()`, when a partial result is useless). Code
/// that waits for something else, a callback or a lock, can't check; wrap
/// such waits in `withTaskCancellationHandler` (`operation-subclass-async`).
/// `cancelAllOperations()` is cancelling the one task that runs the jobs.
public nonisolated enum ChunkedOperation {
    /// Processes up to `chunks` chunks, checking for cancellation before each;
    /// returns how many it processed. `afterChunk` runs after each chunk (the
    /// driver pauses there).
    @concurrent
    public static func process(
        _ name: String,
        chunks: Int = 100,
        log: @Sendable (String) -> Void,
        afterChunk: @Sendable (Int) async -> Void = { _ in }
    ) async -> Int {
        var processed = 0
        // Check before every chunk: `cancel()` only sets the flag.
        while processed < chunks && !Task.isCancelled {
            processed += 1
            log("\(name) - chunk \(processed)")
            await afterChunk(processed)
        }
        return processed
    }

    /// The outcome, as both sides log it once the work has returned.
    /// `cancelled` is the flag of the task that ran the work, read there: the
    /// code that formats the line may run in another task, with a flag of its
    /// own.
    public static func summary(
        _ name: String, processed: Int, of chunks: Int = 100, cancelled: Bool
    ) -> String {
        "\(name) - processed \(processed) of \(chunks) chunks, "
            + "cancelled: \(cancelled)"
    }
}

// MARK: - One task runs the jobs in turn; cancel it to cancel them all

nonisolated extension ChunkedOperation {
    /// Runs the jobs one after another, then reports. Cancelling the task
    /// that runs this stops the running job at its next check, and every
    /// later job returns at its first check without a chunk; the report still
    /// runs.
    public static func runSerially(
        _ names: [String],
        log: @escaping @Sendable (String) -> Void,
        afterChunk: @escaping @Sendable (String, Int) async -> Void
    ) async {
        var results: [(name: String, processed: Int, cancelled: Bool)] = []
        for name in names {
            let processed = await process(name, log: log) {
                await afterChunk(name, $0)
            }
            results.append((name, processed, Task.isCancelled))
        }
        for (name, processed, cancelled) in results {
            log(summary(name, processed: processed, cancelled: cancelled))
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ChunkedOperation {
    /// One job, paused after chunk 10 until its task has been cancelled:
    /// exactly 10 chunks are processed.
    public static func runCancelledWhileRunning(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (paused, pause) = AsyncStream.makeStream(of: Void.self)
        let (resumed, resume) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            let processed = await process("A", log: log) { chunk in
                guard chunk == 10 else { return }
                pause.finish()
                for await _ in resumed {}
            }
            log(summary("A", processed: processed, cancelled: Task.isCancelled))
        }
        for await _ in paused {}
        task.cancel()
        resume.finish()
        await task.value
    }

    /// A runs and B waits behind it; the task is cancelled once A has done 10
    /// chunks.
    public static func runCancelAll(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (paused, pause) = AsyncStream.makeStream(of: Void.self)
        let (resumed, resume) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            await runSerially(["A", "B"], log: log) { name, chunk in
                guard name == "A" && chunk == 10 else { return }
                pause.finish()
                for await _ in resumed {}
            }
        }
        for await _ in paused {}
        task.cancel()
        resume.finish()
        await task.value
    }
}
