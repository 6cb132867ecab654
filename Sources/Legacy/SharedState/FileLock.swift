import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock that processes share: `flock` on a lock file, where Apple code had
/// `NSDistributedLock`.
///
/// `NSDistributedLock` doesn't exist outside Apple platforms. `flock(2)` locks
/// an open file, and every process that opens the same path contends for the
/// same lock. The lock belongs to the *open*, not to the process: a second
/// `open` in the same process is a second contender, exactly like another
/// process, and closing the file (or exiting, or crashing) releases it.
/// `lock()` blocks its thread until the lock is free; it can't be cancelled.
public final class FileLock: Sendable {
    private let descriptor: Int32

    /// Opens (creating if needed) the lock file at `path`.
    public init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileLockError(code: errno) }
    }

    deinit { close(descriptor) }

    /// Blocks the calling thread until this open holds the lock.
    public func lock() throws {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileLockError(code: errno) }
        }
    }

    /// Takes the lock if it is free; false (`EWOULDBLOCK`) if another open
    /// holds it.
    public func tryLock() throws -> Bool {
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return true }
        guard errno == EWOULDBLOCK else { throw FileLockError(code: errno) }
        return false
    }

    public func unlock() {
        flock(descriptor, LOCK_UN)
    }
}

/// A failed `open` or `flock`, with its `errno`.
public struct FileLockError: Error, Equatable {
    public let code: Int32
}

// MARK: - Driver (the page's output; not part of the pattern)

extension FileLock {
    /// A and B open the same lock file in `directory`, as two processes
    /// would. A locks it; B's non-blocking try fails; B then waits on a thread
    /// of its own, and gets the lock once A unlocks.
    public static func demonstrate(
        in directory: URL, log: @escaping @Sendable (String) -> Void
    ) throws {
        let path = directory.appendingPathComponent("app.lock").path
        let a = try FileLock(path: path)
        let b = try FileLock(path: path)

        try a.lock()
        log("A locked")
        if try !b.tryLock() { log("B would block") }

        let bLocked = DispatchSemaphore(value: 0)
        let bResult = ThreadResult()
        Thread {
            bResult.value = Result { try b.lock() }
            bLocked.signal()
        }.start()

        a.unlock()
        log("A unlocked")
        bLocked.wait()
        try bResult.value.get()
        log("B locked")
        b.unlock()
    }
}

/// Carries a thread's result to the thread that waits for it.
private final class ThreadResult: @unchecked Sendable {
    // `@unchecked Sendable`: `result` is only accessed while holding `lock`.
    private let lock = NSLock()
    private var result: Result<Void, any Error> = .success(())

    var value: Result<Void, any Error> {
        get { lock.withLock { result } }
        set { lock.withLock { result = newValue } }
    }
}
