#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock that processes share: still `flock` on a lock file, but the wait
/// blocks a thread of a `BlockingIOExecutor`, never one of the cooperative
/// pool's.
///
/// Swift concurrency has nothing that crosses processes, so the lock stays a
/// `flock`. What changes is where the wait happens. `flock(LOCK_EX)` blocks its
/// thread, and a blocked cooperative thread is one of only as many threads as
/// there are cores. So `lock(on:)` runs it through `BlockingIO`: the caller
/// suspends, the executor's thread sleeps in the kernel, and the kernel wakes
/// it as soon as the holder unlocks, with no polling. A blocked `flock` can't
/// be interrupted: a caller cancelled before its turn never calls it, and one
/// cancelled while it waits gets the lock when the holder lets go, gives it
/// back at once and throws `CancellationError`. Each waiter holds one of the
/// executor's threads while it waits, and jobs queued behind it wait too: give
/// lock waits an executor of their own.
public nonisolated final class FileLock: Sendable {
    private let descriptor: Int32

    /// Opens (creating if needed) the lock file at `path`.
    public init(path: String) throws(FileLockError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileLockError(code: errno) }
    }

    deinit { close(descriptor) }

    /// Suspends until this open holds the lock, while a thread of `io`'s
    /// executor blocks in `flock`. Throws `CancellationError`, without the
    /// lock, if the task is cancelled before or during the wait.
    public func lock(on io: BlockingIO) async throws {
        try await io.run { [descriptor] in
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw FileLockError(code: errno) }
            }
            if Task.isCancelled {  // cancelled while it waited
                flock(descriptor, LOCK_UN)
                throw CancellationError()
            }
        }
    }

    /// Takes the lock if it is free; false (`EWOULDBLOCK`) if another open
    /// holds it.
    public func tryLock() throws(FileLockError) -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return true }
        guard errno == EWOULDBLOCK else { throw FileLockError(code: errno) }
        return false
    }

    public func unlock() {
        flock(descriptor, LOCK_UN)
    }
}

/// A failed `open` or `flock`, with its `errno`.
public nonisolated struct FileLockError: Error, Equatable {
    public let code: Int32
}

// MARK: - Or poll: no executor, and the wait stops at cancellation

nonisolated extension FileLock {
    /// Suspends until this open holds the lock, trying `LOCK_EX | LOCK_NB`
    /// again every `interval`. Throws `CancellationError` if the task is
    /// cancelled first.
    ///
    /// No thread waits at all: between tries the task sleeps in
    /// `Task.sleep`, and cancelling it ends the wait at once. The price is
    /// latency: a free lock is noticed at the next try, not when it is freed.
    public func lock(polling interval: Duration) async throws {
        while try !tryLock() {
            try await Task.sleep(for: interval)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension FileLock {
    /// A and B open the same lock file in `directory`, as two processes
    /// would. A locks it; B's non-blocking try fails; B then awaits the lock
    /// in a child task (with `lock(on:)`, or with `lock(polling:)` when
    /// `polling` is given), and gets it once A unlocks.
    public static func demonstrate(
        in directory: String, polling: Duration? = nil,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        let path = directory + "/app.lock"
        let a = try FileLock(path: path)
        let b = try FileLock(path: path)
        let executor = BlockingIOExecutor(name: "file-lock")
        defer { executor.shutdown() }
        let io = BlockingIO(executor: executor)
        let lock: @Sendable (FileLock) async throws -> Void = { lock in
            if let polling {
                try await lock.lock(polling: polling)
            } else {
                try await lock.lock(on: io)
            }
        }

        try await lock(a)
        log("A locked")
        if try !b.tryLock() { log("B would block") }

        async let bLocked: Void = lock(b)
        a.unlock()
        log("A unlocked")
        try await bLocked
        log("B locked")
        b.unlock()
    }
}
