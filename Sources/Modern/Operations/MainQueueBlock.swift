/// One-off work on the main actor from anywhere: `Task { @MainActor in … }`,
/// or `await MainActor.run { … }` when the caller must wait.
///
/// A task whose closure is explicitly `@MainActor` is enqueued on the main
/// actor as it is created, so tasks created one after the other from the same
/// context start in creation order (SE-0431), and each runs its body once. Like
/// a posted block, it never runs inline: created on the main actor, it starts
/// after the current code returns. The compiler checks that the body touches
/// main-actor state only there, and on Linux that need not be the main thread,
/// so assert isolation (`MainActor.assertIsolated()`), never
/// `Thread.isMainThread`. From async code that needs the update done before it
/// goes on, `await MainActor.run { … }` is the same hop, awaited.
public nonisolated enum MainQueueBlock {
    /// Starts three UI updates on the main actor; returns at once. Await the
    /// tasks to know they have run.
    @discardableResult
    public static func postThree(
        show: @escaping @MainActor @Sendable (String) -> Void
    ) -> [Task<Void, Never>] {
        (1...3).map { index in
            Task { @MainActor in
                show("block \(index)")
            }
        }
    }
}

// MARK: - Calling off a task: its body must check

nonisolated extension MainQueueBlock {
    /// Starts one update, and returns the task. A cancelled task still runs
    /// its body, so the body checks `Task.isCancelled` before it updates.
    public static func postCancellable(
        show: @escaping @MainActor @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor in
            guard !Task.isCancelled else { return }
            show("cancellable block")
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension MainQueueBlock {
    /// Starts the three updates and logs `posted`; await the tasks to know
    /// they have run.
    public static func postThreeThenReturn(
        show: @escaping @MainActor @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) -> [Task<Void, Never>] {
        let tasks = postThree(show: show)
        log("posted")
        return tasks
    }
}
