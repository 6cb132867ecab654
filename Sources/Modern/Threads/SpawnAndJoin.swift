/// Spawning N workers as child tasks, each doing one unit of work, and
/// joining them.
///
/// A task is a small heap object that the shared pool (one thread per core)
/// runs in turns: creating one is an allocation, not a system call, and a
/// suspended task holds no thread. So thousands of tasks cost little, and a
/// task group joins them all when its scope ends.
public nonisolated enum SpawnAndJoin {
    /// Starts `count` child tasks; each runs `work` once with its index.
    /// Returns when every one has done its work.
    public static func tasks(
        count: Int, work: @escaping @Sendable (Int) -> Void
    ) async {
        await withDiscardingTaskGroup { group in
            for index in 0..<count {
                group.addTask { work(index) }
            }
        }
    }
}

// MARK: - All alive at once: each worker waits until every one exists

nonisolated extension SpawnAndJoin {
    /// Like `tasks(count:work:)`, but no task does its work until all `count`
    /// exist. A waiting task is suspended: it keeps its small context, and
    /// gives its thread back to the pool. `whileAllAlive` runs once every
    /// task has been created, before any is let go.
    public static func tasksAllWaiting(
        count: Int,
        whileAllAlive: () async -> Void = {},
        work: @escaping @Sendable (Int) -> Void
    ) async {
        let gate = Gate()
        await withDiscardingTaskGroup { group in
            for index in 0..<count {
                group.addTask {
                    await gate.wait()
                    work(index)
                }
            }
            await whileAllAlive()
            await gate.open()
        }
    }

    /// A one-shot latch: tasks suspend in `wait()` until `open()`.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            isOpen = true
            for task in waiting { task.resume() }
            waiting = []
        }
    }
}
