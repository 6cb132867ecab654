import Synchronization

/// A hit counter as one `Atomic<Int>`: each hit is a single atomic add, with
/// no lock and no window between the read and the write.
///
/// `wrappingAdd(1, ordering: .relaxed)` is the whole read-modify-write, done
/// by the processor as one step; `.relaxed` is enough for a count that orders
/// nothing else (see `memory-barrier-publication` for when it isn't). `Atomic`
/// is `~Copyable`: it lives in a `Sendable` class (or a global `let`), and a
/// local one can't be captured by `group.addTask`.
public nonisolated final class HitCounter: Sendable {
    private let _hits = Atomic(0)

    public init() {}

    public var hits: Int { _hits.load(ordering: .relaxed) }

    public func recordHit() {
        _hits.wrappingAdd(1, ordering: .relaxed)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension HitCounter {
    /// `tasks` child tasks each record `increments` hits.
    public static func count(
        tasks: Int = 4, increments: Int = 10_000
    ) async
        -> Int
    {
        let counter = HitCounter()
        await withDiscardingTaskGroup { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments { counter.recordHit() }
                }
            }
        }
        return counter.hits
    }

    /// Two tasks each record one hit: two atomic adds, nothing between a read
    /// and a write to lose.
    public static func recordTwice(
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let counter = HitCounter()
        await withDiscardingTaskGroup { group in
            group.addTask { counter.recordHit() }
            group.addTask { counter.recordHit() }
        }
        log("A and B each recorded one hit with wrappingAdd")
        return counter.hits
    }
}
