import Foundation

/// One critical section, `count += 1`, guarded by each kind of legacy lock.
///
/// Every kind is used only through its own interface: an `NSLock` through
/// `lock()`/`unlock()`, a `pthread_mutex_t` through the `pthread_mutex_*`
/// calls, a serial queue through `sync`. Cocoa locks wrap POSIX mutexes, but
/// an `NSLock` method on a mutex made by `pthread_mutex_init` (or the reverse)
/// is undefined. Each counter is `@unchecked Sendable`: its lock, not the
/// compiler, guards `count`.
public enum LockZoo {
    /// What every kind offers: one locked increment, one locked read.
    public protocol Counter: AnyObject, Sendable {
        func increment()
        var value: Int { get }
    }

    public final class NSLockCounter: Counter, @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched while holding `lock`.
        private let lock = NSLock()
        private var count = 0

        public init() {}

        public func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }

        public var value: Int { lock.withLock { count } }
    }
}

// MARK: - NSRecursiveLock: the same, re-entrant

extension LockZoo {
    /// The owning thread may lock it again (each `lock()` needs its
    /// `unlock()`); here it is taken once, so it costs a little more for
    /// nothing.
    public final class RecursiveLockCounter: Counter, @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched while holding `lock`.
        private let lock = NSRecursiveLock()
        private var count = 0

        public init() {}

        public func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }

        public var value: Int { lock.withLock { count } }
    }
}

// MARK: - pthread_mutex_t: allocated, initialised, destroyed

extension LockZoo {
    /// A POSIX mutex must not move once initialised, and Swift may move a
    /// stored `pthread_mutex_t` property: allocate it, and pair
    /// `pthread_mutex_init` with `pthread_mutex_destroy`.
    public final class PthreadMutexCounter: Counter, @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched while holding `mutex`.
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private var count = 0

        public init() {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        }

        public func increment() {
            pthread_mutex_lock(mutex)
            count += 1
            pthread_mutex_unlock(mutex)
        }

        public var value: Int {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return count
        }
    }
}

// MARK: - A serial queue as the lock

extension LockZoo {
    /// Every access is a block on a private serial queue; `sync` blocks the
    /// caller until its block has run.
    public final class SerialQueueCounter: Counter, @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched on `queue`.
        private let queue = DispatchQueue(label: "com.example.LockZoo.counter")
        private var count = 0

        public init() {}

        public func increment() { queue.sync { count += 1 } }

        public var value: Int { queue.sync { count } }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension LockZoo {
    /// `threads` threads each call `increment()` `increments` times; returns
    /// the final count once all have finished.
    public static func count(
        with counter: any Counter,
        threads: Int = 4,
        increments: Int = 10_000
    ) -> Int {
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread {
                for _ in 0..<increments { counter.increment() }
                finished.leave()
            }.start()
        }
        finished.wait()
        return counter.value
    }
}
