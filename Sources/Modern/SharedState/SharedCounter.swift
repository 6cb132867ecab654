import Synchronization

/// Tasks that increment one integer, with the increment made exclusive by a
/// `Mutex` or an actor.
///
/// The unlocked version does not compile in Swift 6. This is the legacy loop
/// with a task group instead of threads:
///
///     var count = 0
///     await withTaskGroup(of: Void.self) { group in
///         for _ in 0..<4 {
///             group.addTask {  // error: passing closure as a 'sending'
///                 // parameter risks causing data races …
///                 for _ in 0..<10_000 { count += 1 }
///             }
///         }
///     }
///
/// So the data race is gone before the program runs; what remains is
/// choosing how to make each read-modify-write exclusive.
public nonisolated enum SharedCounter {
    /// `tasks` child tasks each add 1 `increments` times under a `Mutex`.
    public static func countWithAMutex(
        tasks: Int = 4,
        increments: Int = 10_000
    ) async -> Int {
        let counter = MutexCounter()
        await withDiscardingTaskGroup { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments { counter.increment() }
                }
            }
        }
        return counter.value
    }

    final class MutexCounter: Sendable {
        private let count = Mutex(0)

        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
}

// MARK: - Or an actor, when callers can await

nonisolated extension SharedCounter {
    /// The same loop, each increment a call on an actor.
    public static func countWithAnActor(
        tasks: Int = 4,
        increments: Int = 10_000
    ) async -> Int {
        let counter = ActorCounter()
        await withDiscardingTaskGroup { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments { await counter.increment() }
                }
            }
        }
        return await counter.value
    }

    actor ActorCounter {
        private var count = 0

        func increment() { count += 1 }
        var value: Int { count }
    }
}

// MARK: - No steps to interleave

nonisolated extension SharedCounter {
    /// Two tasks each increment once. The read, add and write happen inside
    /// one actor call, so no other call can run between them: 2, every time.
    /// (An actor only protects what is inside one call: `let seen = await
    /// counter.value` then `await counter.set(seen + 1)` loses updates again;
    /// see `actor-reentrancy`.)
    public static func incrementTwice(
        log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        let counter = ActorCounter()
        async let a: Void = counter.increment()
        async let b: Void = counter.increment()
        _ = await (a, b)
        log("A and B each incremented once, inside the actor")
        return await counter.value
    }
}
