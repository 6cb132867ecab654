/// The object becomes an actor: its own serial executor replaces the
/// isolation queue, and the work queue's jobs become `@concurrent` functions.
///
/// The compiler now checks what the queue only promised: `count` can be
/// touched only on the actor, so callers from outside `await`. There are no
/// queues to create or to label; a debugger names the actor by its type. Slow
/// work that must not hold the actor up is `nonisolated` and `@concurrent`: it
/// runs on the shared pool and awaits the actor only for the state it needs.
/// The calls keep their order only when they are awaited one after another
/// from one task: synchronous callers that wrap them in `Task { … }` reach the
/// actor in any order. If an `await` at every call site is wrong for your
/// API, guard the state with a `Mutex` instead and keep the calls
/// synchronous; if unmigrated code still sends blocks to the object's queue,
/// run the actor on that queue (the page shows how).
public actor EventCounter {
    private var count = 0

    public init() {}

    public func increment() { count += 1 }

    public var value: Int { count }

    /// Slow work off the actor: read the state, render it, return it.
    @concurrent
    public nonisolated func report() async -> String {
        let count = await value
        return "\(EventCounter.self): \(count) events"
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension EventCounter {
    /// `callers` child tasks call `increment()` `times` times each; then the
    /// counter reports. Returns the count and the report.
    public static func exercise(
        callers: Int, times: Int
    ) async -> (count: Int, report: String) {
        let counter = EventCounter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    for _ in 0..<times { await counter.increment() }
                }
            }
        }
        return (await counter.value, await counter.report())
    }
}
