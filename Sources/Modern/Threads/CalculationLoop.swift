/// A task that repeats a calculation 1,000 times, checking for cancellation
/// on every pass.
///
/// The thread and its entry point become a task and its body. The handle is
/// the `Task` itself: `cancel()` sets its flag from anywhere, and
/// `Task.isCancelled` is the loop's check, still cooperative. The count comes
/// back as the task's value, and `await value` is the join the thread never
/// had. A CPU-bound loop holds one of the shared pool's threads (one per
/// core), so it yields now and then to let other tasks run.
public nonisolated final class CalculationLoop: Sendable {
    private let task: Task<Int, Never>

    /// Starts the task.
    ///
    /// - Parameters:
    ///   - times: how many calculations to do if nobody cancels.
    ///   - reportEvery: how often (in calculations) to report and yield.
    ///   - calculation: `doCalculation`.
    ///   - report: called with the count so far.
    public init(
        times: Int = 1000,
        reportEvery: Int = 100,
        calculation: @escaping @Sendable () -> Void,
        report: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        task = Task.detached {
            var counter = 0
            while counter < times && !Task.isCancelled {
                calculation()
                counter += 1
                if counter % reportEvery == 0 {
                    await report(counter)
                    await Task.yield()
                }
            }
            return counter
        }
    }

    /// Asks the loop to stop before its next calculation. Callable from
    /// anywhere.
    public func cancel() {
        task.cancel()
    }

    /// Suspends until the loop has ended, and returns how many calculations
    /// it did.
    public func waitUntilFinished() async -> Int {
        await task.value
    }
}
