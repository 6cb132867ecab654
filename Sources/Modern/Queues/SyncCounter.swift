/// `await` a function that leaves the caller: the caller suspends until it
/// returns, in order.
///
/// `DispatchQueue.global().sync { work() }` becomes `await work()` with `work`
/// marked `@concurrent`: it runs on the global executor, and the caller waits
/// without holding a thread (it suspends instead of blocking). Two awaits in a
/// row are ordered, exactly like two `sync` calls. There is no "run it on my
/// thread" optimisation to rely on, and no `Thread.current` to check it with;
/// `Task.immediate` is the tool when work must *start* inline on the caller.
public nonisolated enum SyncCounter {
    /// The classic `printFrom1To1000`, run off the caller's actor.
    @concurrent
    static func printFrom1To1000(log: @Sendable (String) -> Void) async {
        for counter in 1...1000 {
            log("Counter = \(counter)")
        }
    }

    /// Counts to 1,000 twice; the second count starts after the first has
    /// finished.
    public static func countTwice(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await printFrom1To1000(log: log)
        await printFrom1To1000(log: log)
    }
}
