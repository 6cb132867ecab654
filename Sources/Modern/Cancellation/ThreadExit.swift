/// A task that sleeps in a loop, cancelled while it sleeps: it leaves at
/// once, with no extra iteration.
///
/// `task.cancel()` sets the flag that the thread's `isCancelled` was, and it
/// also reaches the sleep: `Task.sleep(for:)` throws `CancellationError` as
/// soon as the task is cancelled, however long it had left. The loop leaves on
/// that error, so the work after the sleep never runs for a cancelled task,
/// and the task ends at the cancel instead of at the end of the interval.
/// Swallow the error with `try?` and the classic extra iteration is back (see
/// the last section, what not to do). Dropping the handle (`myTask = nil`)
/// stops nothing, just as releasing the thread didn't: only `cancel()` does.
public nonisolated enum ThreadExit {
    /// Starts the loop in a new task and returns its handle.
    ///
    /// - Parameters:
    ///   - loopSleep: how long each loop iteration sleeps (classically 4 s).
    ///   - willSleep: called just before each sleep; the page's driver uses it
    ///     to place the cancel mid-iteration.
    public static func start(
        loopSleep: Duration,
        willSleep: @escaping @Sendable () async -> Void = {},
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task { await loop(loopSleep, willSleep, log) }
    }

    /// The classic `stopThread`: cancel, then drop the handle.
    public static func stopThread(
        _ myTask: inout Task<Void, Never>?,
        log: @escaping @Sendable (String) -> Void
    ) {
        log("Cancelling the Thread")
        myTask?.cancel()
        log("Releasing the thread")
        myTask = nil
    }
}

// MARK: - The fixed entry point: check again after the sleep

nonisolated extension ThreadExit {
    private static func loop(
        _ loopSleep: Duration,
        _ willSleep: @Sendable () async -> Void,
        _ log: @Sendable (String) -> Void
    ) async {
        log("Thread Entry Point")
        while !Task.isCancelled {
            await willSleep()
            do {
                // Throws at once when the task is cancelled, even mid-sleep.
                try await Task.sleep(for: loopSleep)
            } catch {
                break  // cancelled: skip the work, leave the loop now
            }
            log("Thread Loop")
        }
        log("Thread Finished")
    }
}

// MARK: - What not to do: `try?` brings the extra iteration back

nonisolated extension ThreadExit {
    /// `start` with the loop's first version: the cancel ends the sleep, and
    /// the loop runs once more.
    public static func startSwallowingCancellation(
        loopSleep: Duration,
        willSleep: @escaping @Sendable () async -> Void = {},
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task { await loopSwallowingCancellation(loopSleep, willSleep, log) }
    }

    private static func loopSwallowingCancellation(
        _ loopSleep: Duration,
        _ willSleep: @Sendable () async -> Void,
        _ log: @Sendable (String) -> Void
    ) async {
        log("Thread Entry Point")
        while !Task.isCancelled {
            await willSleep()
            // The cancel ends the sleep early, and `try?` hides that it did.
            try? await Task.sleep(for: loopSleep)
            log("Thread Loop")  // runs once more after the cancel
        }
        log("Thread Finished")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ThreadExit {
    /// Starts the loop and cancels it while its first iteration runs (a
    /// gate, where the classic version waited 3 s), then waits until it has
    /// finished.
    public static func run(
        loopSleep: Duration,
        swallowsCancellation: Bool = false,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let inLoop = AsyncStream.makeStream(of: Void.self)
        let stopped = AsyncStream.makeStream(of: Void.self)
        // Awaiting another task's value ignores the waiter's cancellation,
        // which a `for await` in the cancelled loop would not.
        let stoppedGate = Task { for await _ in stopped.stream { break } }
        let willSleep: @Sendable () async -> Void = {
            // Let the stopper cancel, then sleep (later calls pass).
            inLoop.continuation.yield()
            await stoppedGate.value
        }
        let task =
            swallowsCancellation
            ? startSwallowingCancellation(
                loopSleep: loopSleep, willSleep: willSleep, log: log)
            : start(loopSleep: loopSleep, willSleep: willSleep, log: log)
        var myTask: Task<Void, Never>? = task
        for await _ in inLoop.stream { break }
        stopThread(&myTask, log: log)
        stopped.continuation.finish()
        await task.value
    }
}
