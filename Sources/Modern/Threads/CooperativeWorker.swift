/// A worker task that stops between chunks when it is cancelled.
///
/// Cancellation is the exit flag, built in: `task.cancel()` sets it from any
/// thread, and the loop reads `Task.isCancelled` between chunks, so there is no
/// thread dictionary, no run loop and no request to post. It stays cooperative:
/// the current chunk finishes, and the body then leaves the loop and cleans up
/// once, on its own path. `withTaskCancellationHandler` adds a hook that runs
/// *at once*, on the thread that called `cancel()`, while the body is still
/// running; it must be thread-safe, and it is the wrong place for cleanup (the
/// body may still be using what it would release). Here it only notes the
/// request; it would be where a blocked wait is woken.
public nonisolated final class CooperativeWorker: Sendable {
    private let task: Task<Void, Never>

    /// Starts the worker.
    ///
    /// - Parameters:
    ///   - chunks: how many chunks of work there are.
    ///   - process: one chunk of the work, given its number (1-based).
    public init(
        chunks: Int,
        process: @escaping @Sendable (Int) async -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        task = Task {
            await withTaskCancellationHandler {
                var processed = 0
                while processed < chunks && !Task.isCancelled {
                    processed += 1
                    log("chunk \(processed)")
                    await process(processed)
                }
                // The only cleanup path: reached once, whether cancelled or
                // done.
                log("cleanup: \(processed) of \(chunks) chunks processed")
            } onCancel: {
                log("exit requested")
            }
        }
    }

    /// Asks the worker to stop after the chunk it is working on. Callable from
    /// anywhere.
    public func requestExit() {
        task.cancel()
    }

    /// Suspends until the worker has cleaned up.
    public func waitUntilFinished() async {
        await task.value
    }
}

// MARK: - No entry point of its own: the loop is the task's body

// The loop is the body of the task that `init` starts, and `Task.isCancelled`
// is its exit flag.
