/// Running work and waiting for it is `await`: the caller is suspended, not
/// blocked, and the work runs off its actor.
///
/// The line after `await count(…)` still runs only when the count is done, as
/// the line after `start()` did. What changes is the thread: the count is
/// `@concurrent`, so it runs on the shared pool, and a caller on the main actor
/// leaves the main actor free to handle other events while it waits. Without
/// `@concurrent`, a nonisolated async function runs on its caller's actor
/// (`NonisolatedNonsendingByDefault`) and would hold the main actor just as
/// `start()` held the main thread.
public nonisolated enum BlockOperationStart {
    /// The classic count: `Count = 0` … `Count = 999`, then
    /// `Main thread is here`.
    public static func countThenContinue(
        to endingCount: Int = 1000,
        log: @escaping @Sendable (String) -> Void
    ) async {
        await count(0..<endingCount, log: log)
        log("Main thread is here")
    }

    /// The work that was the operation's block, as an async function.
    @concurrent
    static func count(
        _ counters: Range<Int>, log: @Sendable (String) -> Void
    ) async {
        for counter in counters {
            log("Count = \(counter)")
        }
    }
}
