/// Two tasks that await each other's handles: each waits for the other to
/// finish, so neither does, and nothing notices.
///
/// Structured concurrency can't express the cycle: an `async let` can only
/// await values declared before it, and a task group's children can't await
/// each other. It takes unstructured tasks that are handed each other's
/// handles after both exist. Awaiting a handle waits with no timeout and no
/// cycle check, so the two stay suspended for as long as the process lives;
/// they hold no thread while they wait, which makes the hang quieter still.
/// Cancelling either changes nothing: awaiting a handle ignores cancellation.
/// Prefer `async let` and task groups, whose dependencies can only point
/// backwards.
///
/// This function never returns; it is run only in a child process.
public nonisolated enum DependencyCycle {
    /// Task A awaits task B and task B awaits task A; then the caller awaits
    /// A.
    public static func runMutualAwait(
        log: @escaping @Sendable (String) -> Void
    ) async {
        // Each task gets the other's handle once both exist.
        let (handleForA, sendToA) = AsyncStream.makeStream(
            of: Task<Void, Never>.self)
        let (handleForB, sendToB) = AsyncStream.makeStream(
            of: Task<Void, Never>.self)
        let taskA = Task {
            for await taskB in handleForA {
                await taskB.value
                log("Task A ran")
            }
        }
        let taskB = Task {
            for await taskA in handleForB {
                await taskA.value
                log("Task B ran")
            }
        }
        sendToA.yield(taskB)
        sendToB.yield(taskA)

        await taskA.value
        log("never printed: task A never finishes")
    }
}
