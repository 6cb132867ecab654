/// A joinable thread's result becomes a task's value: `await task.value` is
/// the join, typed, and it suspends instead of blocking.
///
/// A `Task` returns its result as a typed value, so nothing is boxed, retained
/// by hand or cast back from a pointer. Awaiting a task twice is fine (joining
/// a thread twice is undefined), and a task nobody awaits still frees itself.
/// Inside async code, structured children are better still: `async let` and
/// task groups cannot outlive the scope that created them, which is the
/// "every joinable thread must be joined" rule, enforced by the compiler.
public nonisolated enum JoinableThreadResult {
    /// The routine's work, run off the caller's actor.
    @concurrent
    public static func sum(of range: ClosedRange<Int>) async -> Int {
        range.reduce(0, +)
    }

    /// Starts a task that sums `range`; its handle is what you await.
    public static func launchSum(of range: ClosedRange<Int>) -> Task<Int, Never>
    {
        Task { await sum(of: range) }
    }

    /// Suspends until the task has finished, and returns its value.
    public static func joinSum(_ task: Task<Int, Never>) async -> Int {
        await task.value
    }
}

// MARK: - Two children: the scope waits for both

nonisolated extension JoinableThreadResult {
    /// Splits 1…n between two `async let` children. Both run concurrently, and
    /// the function cannot return before both have finished.
    public static func sumInTwoChildren(upTo n: Int) async -> Int {
        async let low = sum(of: 1...n / 2)
        async let high = sum(of: n / 2 + 1...n)
        return await low + high
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension JoinableThreadResult {
    /// Sums 1…1000 in one awaited task, then in two children.
    public static func run(
        upTo n: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        log("one worker: \(await joinSum(launchSum(of: 1...n)))")
        log("two workers: \(await sumInTwoChildren(upTo: n))")
    }
}
