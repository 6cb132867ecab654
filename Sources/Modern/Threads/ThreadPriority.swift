/// A task's priority, set when it is created and read back inside it.
///
/// `Task(priority:)` replaces the thread's quality of service. Unlike a
/// thread's, a task's priority flows down: an `async let` child or a task-group
/// child starts with its parent's. It is still a hint, and not a thread's: the
/// task runs on whatever pool thread is free, and that thread's own priority
/// does not change. Awaiting a task from a more urgent one raises (escalates)
/// its `Task.currentPriority` so that it does not hold the waiter back;
/// `Task.basePriority` keeps the value it was created with, which is why this
/// reads that one.
public nonisolated enum ThreadPriority {
    /// Runs a task at `priority`, logs what it and its child read inside, and
    /// waits for it.
    public static func run(
        priority: TaskPriority,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let task = Task(priority: priority) {
            log("task priority: \(name(of: Task.basePriority))")
            async let child = Task.basePriority  // inherits the parent's
            log("child task priority: \(name(of: await child))")
        }
        await task.value  // may escalate it: the reason for basePriority
    }

    /// The name of a priority, as the log prints it.
    public static func name(of priority: TaskPriority?) -> String {
        switch priority {
        case .userInitiated?: "userInitiated"  // the same value as .high
        case .utility?: "utility"
        case .background?: "background"  // the same value as .low
        case .medium?: "medium"
        case let other?: "\(other.rawValue)"
        case nil: "none (not in a task)"
        }
    }
}
