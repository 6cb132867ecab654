import Synchronization

/// One critical section, `count += 1`, guarded by what Swift 6 offers: a
/// `Mutex`, an `Atomic`, an actor.
///
/// `Mutex` is the default: the API stays synchronous, the class is `Sendable`
/// without `@unchecked`, and the compiler lets `count` be reached only inside
/// `withLock`. `os_unfair_lock` and `OSAllocatedUnfairLock` don't exist on
/// Linux; `Mutex` is what replaces them.
public nonisolated enum LockZoo {
    public final class MutexCounter: Sendable {
        private let count = Mutex(0)

        public init() {}

        public func increment() { count.withLock { $0 += 1 } }

        public var value: Int { count.withLock { $0 } }
    }
}

// MARK: - No recursive lock: lock once

// `Mutex` is not recursive: locking it again on the thread that holds it traps
// ("Recursive call to lock Mutex"). Lock once at the entry point and pass the
// state down as `inout` (see `synchronized-recursive-lock`); for a counter,
// `MutexCounter` above is the whole replacement.

// MARK: - A counter needs no lock: Atomic

extension LockZoo {
    /// `pthread_mutex_t` becomes a `Mutex` too, with no allocation, init or
    /// destroy (it can't be copied, and it cleans up after itself). A lone
    /// counter needs no lock at all: one atomic add.
    public nonisolated final class AtomicCounter: Sendable {
        private let count = Atomic(0)

        public init() {}

        public func increment() { count.wrappingAdd(1, ordering: .relaxed) }

        public var value: Int { count.load(ordering: .relaxed) }
    }
}

// MARK: - An actor instead of the serial queue

extension LockZoo {
    /// The actor's serial executor replaces the queue; each call from outside
    /// is an `await`, which suspends instead of blocking a thread.
    public actor ActorCounter {
        private var count = 0

        public init() {}

        public func increment() { count += 1 }

        public var value: Int { count }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension LockZoo {
    /// `tasks` child tasks each call `increment` `increments` times; returns
    /// the final count once all have finished.
    public static func count(
        tasks: Int = 4,
        increments: Int = 10_000,
        increment: @escaping @Sendable () async -> Void,
        value: @Sendable () async -> Int
    ) async -> Int {
        await withDiscardingTaskGroup { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments { await increment() }
                }
            }
        }
        return await value()
    }
}
