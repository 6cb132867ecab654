/// "Start B only after A" is the order of two `await`s; a graph is `async let`
/// plus `await`.
///
/// There is no dependency API because none is needed: code after `await a()`
/// runs after `a` returned, and its result is a value, not something left in
/// shared state. Independent work starts together with `async let`; a step that
/// needs several results awaits them all. A task group can't order its own
/// children, and when separate tasks must wait for each other, one awaits the
/// other's handle. Awaiting a handle doesn't cancel it, and a cancelled task
/// still runs its body unless that body checks, so a dependent checks what it
/// got.
public nonisolated enum OperationDependencies {}

// MARK: - The classic pair: two `await`s in order

nonisolated extension OperationDependencies {
    /// The classic pair: Second (222) runs, then First (111). The caller goes
    /// on at once and waits for the pair at the end, as the classic caller goes
    /// on while the queue works.
    public static func runFirstAfterSecond(
        log: @escaping @Sendable (String) -> Void
    ) async {
        async let pair: Void = secondThenFirst(log: log)
        log("Main thread is here")
        await pair
    }

    private static func secondThenFirst(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await secondOperationEntry(222, log: log)
        await firstOperationEntry(111, log: log)
    }

    static func firstOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) async {
        log("First Operation - Parameter Object = \(paramObject)")
        log("First Operation - Done")
    }

    static func secondOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) async {
        log("Second Operation - Parameter Object = \(paramObject)")
        log("Second Operation - Done")
    }
}

// MARK: - A graph: `async let`, its results as return values

nonisolated extension OperationDependencies {
    /// A classic graph: `operation1` and `operation2` run concurrently,
    /// `intermediateOperation` needs both results, and `finishedOperation`
    /// needs the intermediate one.
    public static func runGraph(
        log: @escaping @Sendable (String) -> Void
    ) async {
        async let a = operation1(log: log)
        async let b = operation2(log: log)
        let sum = await intermediateOperation(a, b, log: log)
        await finishedOperation(sum, log: log)
    }

    static func operation1(log: @Sendable (String) -> Void) async -> Int {
        log("operation1 - result = 40")
        return 40
    }

    static func operation2(log: @Sendable (String) -> Void) async -> Int {
        log("operation2 - result = 2")
        return 2
    }

    static func intermediateOperation(
        _ a: Int, _ b: Int, log: @Sendable (String) -> Void
    ) async -> Int {
        log("intermediateOperation - \(a) + \(b) = \(a + b)")
        return a + b
    }

    static func finishedOperation(
        _ result: Int, log: @Sendable (String) -> Void
    ) async {
        log("finishedOperation - result = \(result)")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension OperationDependencies {
    /// The same two entries without a dependency: both start at once, in either
    /// order.
    public static func runWithoutDependency(
        log: @escaping @Sendable (String) -> Void
    ) async {
        async let first: Void = firstOperationEntry(111, log: log)
        async let second: Void = secondOperationEntry(222, log: log)
        log("Main thread is here")
        _ = await (first, second)
    }

    /// First waits for Second's task, which was cancelled as soon as it was
    /// created. The body never checks for cancellation, so Second runs anyway
    /// and awaiting its handle returns normally; First asks the handle whether
    /// it was cancelled.
    public static func runAfterCancelledDependency(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let second = Task { await secondOperationEntry(222, log: log) }
        second.cancel()
        let first = Task {
            await second.value
            if second.isCancelled {
                log("First Operation - Second Operation was cancelled")
            }
            await firstOperationEntry(111, log: log)
        }
        await first.value
    }
}
