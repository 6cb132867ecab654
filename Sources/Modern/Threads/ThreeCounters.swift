/// Three counting loops, awaited one after another, then run as child tasks.
///
/// Each counter becomes an async function. In a row, they are three awaits.
/// At once, they are child tasks: `async let` for a fixed few, a task group
/// for any number. The scope ends only when every child has finished, so the
/// join is built in, and no thread is created: the children run on the shared
/// pool, one thread per core, however many of them there are.
public nonisolated enum ThreeCounters {
    /// One counter; `@concurrent` runs it on the pool, off the caller's
    /// actor.
    @concurrent
    static func count(
        _ name: String, upTo limit: Int, log: @Sendable (String) -> Void
    ) async {
        for counter in 0..<limit {
            log("\(name) Counter = \(counter)")
        }
    }

    /// Three awaits: the second starts when the first has returned.
    public static func oneAfterAnother(
        upTo limit: Int = 1000, log: @Sendable (String) -> Void
    ) async {
        await count("First", upTo: limit, log: log)
        await count("Second", upTo: limit, log: log)
        await count("Third", upTo: limit, log: log)
    }
}

// MARK: - Two child tasks, the third counter in the caller

nonisolated extension ThreeCounters {
    /// Two `async let` children; the caller counts the third itself, then
    /// awaits the two (the scope would await them anyway).
    public static func twoChildrenAndTheCaller(
        upTo limit: Int = 1000, log: @escaping @Sendable (String) -> Void
    ) async {
        async let first: Void = count("First", upTo: limit, log: log)
        async let second: Void = count("Second", upTo: limit, log: log)
        await count("Third", upTo: limit, log: log)
        _ = await (first, second)
    }
}

// MARK: - Three child tasks in a group

nonisolated extension ThreeCounters {
    /// A discarding task group: one child per counter, all joined when the
    /// group's scope ends.
    public static func threeChildren(
        upTo limit: Int = 1000, log: @escaping @Sendable (String) -> Void
    ) async {
        await withDiscardingTaskGroup { group in
            for name in ["First", "Second", "Third"] {
                group.addTask { await count(name, upTo: limit, log: log) }
            }
        }
    }
}
