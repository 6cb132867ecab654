/// The error the failing item throws.
public nonisolated enum WorkError: Error, Equatable {
    case bad(Int)
}

/// A task carries its error to whoever awaits its value.
///
/// A task's body may throw: the error is stored in the task, and
/// `try await task.value` rethrows it where the caller can handle it, so there
/// is no boundary to write and no completion handler to call exactly once. A
/// throwing task group does the same for a fan-out, and more: the first error
/// cancels the siblings still running, and the group waits for them to end
/// before it rethrows. The catch is the other way round: a task that nobody
/// awaits drops its error silently.
public nonisolated enum ThreadErrorBoundary {
    /// Processes `items` in order in a new task; its `value` is every result,
    /// or throws the first error (the items after it are not processed).
    public static func start(
        items: [Int],
        work: @escaping @Sendable (Int) async throws -> Int,
        log: @escaping @Sendable (String) -> Void
    ) -> Task<[Int], Error> {
        Task {
            var results: [Int] = []
            for item in items {
                let result = try await work(item)
                log("item \(item) → \(result)")
                results.append(result)
            }
            return results
        }
    }
}

// MARK: - Fan-out: a throwing task group

nonisolated extension ThreadErrorBoundary {
    /// Runs every item as a child task. Returns the results in item order, or
    /// rethrows the first error once the cancelled siblings have ended.
    public static func fanOut(
        items: [Int],
        work: @escaping @Sendable (Int) async throws -> Int,
        log: @escaping @Sendable (String) -> Void
    ) async throws -> [Int] {
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for item in items {
                group.addTask {
                    let result = try await work(item)
                    log("item \(item) → \(result)")
                    return (item, result)
                }
            }
            var results: [Int: Int] = [:]
            // The first error ends this loop; leaving the group cancels the
            // rest.
            for try await (item, result) in group { results[item] = result }
            return items.map { results[$0]! }
        }
    }
}

// MARK: - What not to do: a task nobody awaits loses its error

nonisolated extension ThreadErrorBoundary {
    /// A task that nobody awaits: its error is stored in it and never read.
    /// Nothing traps and nothing is reported; the process goes on.
    @discardableResult
    public static func startUnawaited(
        work: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Error> {
        Task { try await work() }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ThreadErrorBoundary {
    /// Items 1…5 in one task, item `failing` throws; awaits the task and logs
    /// what it got.
    public static func runOneTask(
        failing: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let task = start(
            items: Array(1...5),
            work: { item in
                if item == failing { throw WorkError.bad(item) }
                return item * 10
            }, log: log)
        do {
            log("results: \(try await task.value)")
        } catch {
            log("failed: \(error)")
        }
    }

    /// Items 1…5 as child tasks: item `failing` throws at once, the others
    /// take `slow`, and log when they are cancelled.
    public static func runFanOut(
        failing: Int, slow: Duration, log: @escaping @Sendable (String) -> Void
    ) async {
        do {
            let results = try await fanOut(
                items: Array(1...5),
                work: { item in
                    if item == failing { throw WorkError.bad(item) }
                    do {
                        try await Task.sleep(for: slow)
                    } catch {
                        log("item \(item) cancelled")
                        throw error
                    }
                    return item * 10
                }, log: log)
            log("results: \(results)")
        } catch {
            log("failed: \(error)")
        }
    }

    /// Item `failing` throws in a task nobody awaits: the process goes on.
    public static func runUnawaited(
        failing: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let task = startUnawaited {
            log("item \(failing) throws \(WorkError.bad(failing))")
            throw WorkError.bad(failing)
        }
        // Waits only so that the demo ends after the task; the error is
        // never read.
        _ = await task.result
        log("still running; nobody saw the error")
    }
}
