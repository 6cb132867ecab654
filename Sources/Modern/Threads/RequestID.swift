/// Per-task state: a request id bound for the duration of the work, so that
/// code deep in the call chain can read it without a parameter.
///
/// A `@TaskLocal` belongs to the task, not to a thread: a task can resume on
/// another thread after any `await`, so a thread's storage would be wrong the
/// moment the task suspends, while the task-local value follows it. The value
/// is bound for a scope (`$current.withValue(id) { … }`), immutable inside it,
/// and unbound when the scope ends; nothing is stored, so nothing leaks.
/// Child tasks (`async let`, task groups) and `Task {}` created inside the
/// scope inherit it; `Task.detached`, unrelated tasks and threads don't.
public nonisolated enum RequestID {
    /// The id of the request the current task is handling, or `"none"`.
    @TaskLocal public static var current = "none"

    /// Handles each id in a child task that binds it around `handle`, and
    /// returns when all of them have finished.
    public static func handleInTasks(
        _ ids: [String], handle: @escaping @Sendable () async -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for id in ids {
                group.addTask {
                    await $current.withValue(id) { await handle() }
                }
            }
        }
    }
}

// MARK: - One store: no second mechanism to keep apart

// The task-local is the only store: there is no POSIX counterpart to keep
// apart from it, no key to create and no destructor to write, because the
// binding ends with its scope.

// MARK: - A child task inherits; a detached task doesn't

nonisolated extension RequestID {
    /// What each kind of task started inside a binding reads.
    public static func readInNewTasks() async -> (
        child: String, unstructured: String, detached: String
    ) {
        async let child = current
        let unstructured = Task { current }
        let detached = Task.detached { current }
        return (await child, await unstructured.value, await detached.value)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension RequestID {
    /// Four requests, `r-0`…`r-3`, each in its own child task; the handler
    /// reads the id back.
    public static func runWithTaskLocal(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await handleInTasks((0..<4).map { "r-\($0)" }) {
            log("handling \(current)")
        }
    }

    /// A task that binds `r-1`, then starts three kinds of task; returns what
    /// the binding task read itself.
    @discardableResult
    public static func runNewTasksFromBoundTask(
        log: @escaping @Sendable (String) -> Void
    ) async -> String {
        await $current.withValue("r-1") {
            log("caller: \(current)")
            let seen = await readInNewTasks()
            log("child task: \(seen.child)")
            log("Task {}: \(seen.unstructured)")
            log("Task.detached: \(seen.detached)")
            return current
        }
    }
}
