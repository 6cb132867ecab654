#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock that processes share: still `flock` on a lock file, but awaited
/// without blocking a thread, and cancellable.
///
/// Swift concurrency has nothing that crosses processes, so the lock stays a
/// `flock`. What changes is the wait: `flock(LOCK_EX)` blocks its thread, and
/// a blocked cooperative thread is one of only as many threads as there are
/// cores. So `lock(polling:)` tries `LOCK_EX | LOCK_NB` and, while another
/// open holds the lock, sleeps with `Task.sleep`: the task suspends, no
/// thread waits, and cancelling the task ends the wait with
/// `CancellationError`, without the lock. The cost is latency: the lock is
/// noticed at the next poll, not at once. (The other way is a thread of your
/// own blocked in `flock`, resumed through a continuation; that one can't be
/// cancelled while it waits.)
public nonisolated final class FileLock: Sendable {
    private let descriptor: Int32

    /// Opens (creating if needed) the lock file at `path`.
    public init(path: String) throws(FileLockError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileLockError(code: errno) }
    }

    deinit { close(descriptor) }

    /// Suspends until this open holds the lock, trying again every
    /// `interval`. Throws `CancellationError` if the task is cancelled first.
    public func lock(polling interval: Duration) async throws {
        while try !tryLock() {
            try await Task.sleep(for: interval)
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

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension FileLock {
    /// A and B open the same lock file in `directory`, as two processes
    /// would. A locks it; B's non-blocking try fails; B then awaits the lock
    /// in a child task, and gets it once A unlocks.
    public static func demonstrate(
        in directory: String, polling interval: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async throws {
        let path = directory + "/app.lock"
        let a = try FileLock(path: path)
        let b = try FileLock(path: path)

        try await a.lock(polling: interval)
        log("A locked")
        if try !b.tryLock() { log("B would block") }

        async let bLocked: Void = b.lock(polling: interval)
        a.unlock()
        log("A unlocked")
        try await bLocked
        log("B locked")
        b.unlock()
    }
}
