import Foundation

/// Per-thread state: a request id stored on the thread that handles the
/// request, so that code deep in the call chain can read it without a
/// parameter.
///
/// Each thread has its own `threadDictionary`, a mutable dictionary reachable
/// from anywhere on that thread through `Thread.current`. POSIX keeps a
/// separate store: a process-wide key from `pthread_key_create`, with one
/// value slot per thread (`pthread_setspecific`/`pthread_getspecific`). The two
/// stores don't see each other's values. Either way the value
/// belongs to the thread, so every piece of work the thread runs sees it, and
/// a thread started from there sees nothing.
public enum RequestID {
    static let key = "requestID"

    /// The id stored on the calling thread, or `"none"`.
    public static func current() -> String {
        Thread.current.threadDictionary[key] as? String ?? "none"
    }

    /// Stores `id` for the calling thread.
    public static func set(_ id: String) {
        Thread.current.threadDictionary[key] = id
    }

    /// Handles each id on a thread of its own: the thread stores the id, then
    /// runs `handle`. Blocks until every thread has finished.
    public static func handleOnThreads(
        _ ids: [String],
        store: @escaping @Sendable (String) -> Void = set,
        handle: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        for id in ids {
            group.enter()
            let thread = Thread {
                store(id)
                handle()
                group.leave()  // the thread's last act
            }
            thread.start()
        }
        group.wait()
    }
}

// MARK: - POSIX keys: a second, separate store

extension RequestID {
    /// One key for the whole process; each thread has its own value for it.
    /// The destructor releases a thread's value when the thread ends.
    static let posixKey: pthread_key_t = {
        var key = pthread_key_t()
        let error = pthread_key_create(&key) { value in
            Unmanaged<Box>.fromOpaque(value!).release()
        }
        precondition(error == 0, "pthread_key_create() failed: \(error)")
        return key
    }()

    final class Box: Sendable {
        let id: String
        init(_ id: String) { self.id = id }
    }

    /// Stores `id` under the POSIX key, for the calling thread.
    public static func setPOSIX(_ id: String) {
        if let old = pthread_getspecific(posixKey) {
            Unmanaged<Box>.fromOpaque(old).release()
        }
        let box = Unmanaged.passRetained(Box(id)).toOpaque()
        let error = pthread_setspecific(posixKey, box)
        precondition(error == 0, "pthread_setspecific() failed: \(error)")
    }

    /// The id stored under the POSIX key for the calling thread, or `"none"`.
    public static func currentPOSIX() -> String {
        guard let value = pthread_getspecific(posixKey) else { return "none" }
        return Unmanaged<Box>.fromOpaque(value).takeUnretainedValue().id
    }
}

// MARK: - A new thread starts with nothing

extension RequestID {
    /// Starts a thread from the calling one and returns what it read: always
    /// `"none"`, whatever the caller stored. Blocks until it has finished.
    public static func readOnNewThread() -> String {
        let done = DispatchSemaphore(value: 0)
        let seen = Seen()
        let thread = Thread {
            seen.id = current()
            done.signal()  // the thread's last act
        }
        thread.start()
        done.wait()
        return seen.id
    }

    final class Seen: @unchecked Sendable {
        // `@unchecked Sendable`: written by the thread before it signals,
        // read by the caller after `wait()`, which orders the two.
        var id = ""
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RequestID {
    /// Four requests, `r-0`…`r-3`, each on its own thread; the handler reads
    /// the id back from the thread dictionary.
    public static func runWithThreadDictionary(
        log: @escaping @Sendable (String) -> Void
    ) {
        handleOnThreads((0..<4).map { "r-\($0)" }) {
            log("handling \(current())")
        }
    }

    /// The same, with a POSIX key.
    public static func runWithPOSIXKey(
        log: @escaping @Sendable (String) -> Void
    ) {
        handleOnThreads((0..<4).map { "r-\($0)" }, store: setPOSIX) {
            log("handling \(currentPOSIX())")
        }
    }

    /// A thread that stores `r-1`, then starts another thread; returns what
    /// the first thread read itself.
    @discardableResult
    public static func runNewThreadFromBoundThread(
        log: @escaping @Sendable (String) -> Void
    ) -> String {
        let bound = Seen()
        handleOnThreads(["r-1"]) {
            bound.id = current()
            log("caller: \(current())")
            log("new thread: \(readOnNewThread())")
        }
        return bound.id
    }
}
