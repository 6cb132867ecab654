import Foundation

/// The Threading Programming Guide's `LaunchThread`: a POSIX thread created
/// detached, with a payload, that reports back because nobody can join it.
///
/// The attribute object is initialised, marked `PTHREAD_CREATE_DETACHED`,
/// passed to `pthread_create` and destroyed, and every return value is checked
/// (`LaunchThread`'s `assert`s). The start routine is a `@convention(c)`
/// function, so it captures nothing: its context travels as an opaque pointer
/// to a class instance retained once (`passRetained`) and released by the
/// routine (`takeRetainedValue`). A detached thread frees its own resources
/// when it ends, and there is no handle to wait on: the result comes back
/// through a callback, here one that signals a semaphore as the routine's last
/// act.
public enum DetachedThreadLaunch {
    /// What the thread gets: its payload, and where to report.
    final class Context: Sendable {
        let payload: Int
        let report: @Sendable (Int) -> Void
        init(payload: Int, report: @escaping @Sendable (Int) -> Void) {
            self.payload = payload
            self.report = report
        }
    }

    /// Creates a detached thread that computes `payload * 2` and passes it to
    /// `report`, on that thread. Returns `pthread_create`'s result (0, or an
    /// error number such as `EAGAIN`, in which case `report` is never called).
    public static func launchThread(
        payload: Int, report: @escaping @Sendable (Int) -> Void
    ) -> Int32 {
        var attr = pthread_attr_t()
        var returnVal = pthread_attr_init(&attr)
        precondition(returnVal == 0)
        returnVal = pthread_attr_setdetachstate(
            &attr, Int32(PTHREAD_CREATE_DETACHED))
        precondition(returnVal == 0)

        // `pthread_t` is an integer on Linux (an optional pointer on Darwin).
        var posixThreadID = pthread_t()
        let context = Unmanaged.passRetained(
            Context(payload: payload, report: report))
        let threadError = pthread_create(
            &posixThreadID, &attr, posixThreadMainRoutine, context.toOpaque())

        returnVal = pthread_attr_destroy(&attr)
        precondition(returnVal == 0)
        if threadError != 0 {
            context.release()  // the routine will never run to release it
        }
        return threadError
    }
}

/// The start routine. It takes over the +1 reference `launchThread` passed,
/// does the work, and reports; the thread ends when it returns.
private func posixThreadMainRoutine(
    _ data: UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? {
    let context = Unmanaged<DetachedThreadLaunch.Context>
        .fromOpaque(data!).takeRetainedValue()
    context.report(context.payload * 2)
    return nil
}

// MARK: - Waiting for a thread nobody can join

extension DetachedThreadLaunch {
    /// Launches the thread and blocks until it has reported: the thread's
    /// last act is the semaphore's `signal()`, so after `wait()` it only has
    /// to return.
    public static func computeOnDetachedThread(payload: Int) -> Int {
        let done = DispatchSemaphore(value: 0)
        let result = ResultSlot()
        let error = launchThread(payload: payload) { value in
            result.store(value)
            done.signal()
        }
        precondition(error == 0, "pthread_create() failed: \(error)")
        done.wait()
        return result.load()
    }

    /// Where the thread leaves its result.
    final class ResultSlot: @unchecked Sendable {
        // `@unchecked Sendable`: `value` is guarded by `lock`.
        private let lock = NSLock()
        private var value = 0
        func store(_ newValue: Int) { lock.withLock { value = newValue } }
        func load() -> Int { lock.withLock { value } }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension DetachedThreadLaunch {
    /// `LaunchThread`, with payload 21.
    public static func run(
        payload: Int, log: @escaping @Sendable (String) -> Void
    ) {
        log("payload = \(payload)")
        log("result = \(computeOnDetachedThread(payload: payload))")
    }
}
