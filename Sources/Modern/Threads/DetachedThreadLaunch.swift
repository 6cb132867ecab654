/// A detached thread with a payload becomes a task whose handle is kept and
/// awaited.
///
/// `Task.detached` is the closest spelling (it inherits no actor, priority or
/// task-local values from its creator), but it is not a "detached thread": it
/// has a handle, and `await task.value` is the wait that the thread needed a
/// semaphore for. There is no attribute object, no opaque context pointer and
/// no reference counting by hand: the closure captures the payload. Inside an
/// async function, prefer calling a `@concurrent` function directly, or
/// `async let`, over an unstructured task.
public nonisolated enum DetachedThreadLaunch {
    /// The work the thread's routine did.
    @concurrent
    public static func compute(payload: Int) async -> Int {
        payload * 2
    }

    /// Starts the work as a detached task and returns its handle. There is
    /// nothing to check: creating a task cannot fail.
    public static func launchTask(payload: Int) -> Task<Int, Never> {
        Task.detached { await compute(payload: payload) }
    }
}

// MARK: - Waiting for a task: its handle is the join

nonisolated extension DetachedThreadLaunch {
    /// Starts the task and suspends until its value is ready; no thread is
    /// blocked meanwhile.
    public static func computeInDetachedTask(payload: Int) async -> Int {
        await launchTask(payload: payload).value
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension DetachedThreadLaunch {
    /// `LaunchThread`, with payload 21.
    public static func run(
        payload: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        log("payload = \(payload)")
        log("result = \(await computeInDetachedTask(payload: payload))")
    }
}
