import Foundation

/// A thread that sleeps in a loop, cancelled while it sleeps, without the
/// extra iteration.
///
/// `Thread.cancel()` only sets a flag: it doesn't wake a thread from
/// `Thread.sleep`, and nothing reads the flag but the thread's own loop. The
/// classic loop read it once, before the sleep, so a cancel that landed during
/// the 4 s sleep still got one more `Thread Loop` (see the last section). The
/// fixed entry point reads it again after the sleep, before the work that has
/// side effects. Either way the thread sleeps out its full interval first:
/// the cancel is noticed when the sleep ends, never sooner.
/// `stopThread()` also drops the reference (`myThread = nil`), and that stops
/// nothing: the thread lives until its entry point returns.
public final class ThreadExit: @unchecked Sendable {
    // `@unchecked Sendable`: `myThread` is read and written holding `lock`;
    // the rest is immutable.
    private let lock = NSLock()
    private var myThread: Thread?
    private let loopSleep: TimeInterval
    private let log: @Sendable (String) -> Void
    private let willSleep: @Sendable () -> Void
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - loopSleep: how long each loop iteration sleeps (classically 4 s).
    ///   - willSleep: called on the thread just before each sleep; the
    ///     page's driver uses it to place the cancel mid-iteration.
    public init(
        loopSleep: Duration,
        willSleep: @escaping @Sendable () -> Void = {},
        log: @escaping @Sendable (String) -> Void
    ) {
        self.loopSleep = loopSleep / .seconds(1)
        self.willSleep = willSleep
        self.log = log
    }

    /// Starts the thread (`initWithTarget:selector:object:` + `start`).
    /// `checksAfterSleep: false` runs the first, buggy entry point.
    public func start(checksAfterSleep: Bool = true) {
        let thread = Thread { [self] in
            if checksAfterSleep {
                threadEntryPoint()
            } else {
                buggyThreadEntryPoint()
            }
            finished.signal()  // the thread's last act
        }
        lock.withLock { myThread = thread }
        thread.start()
    }

    /// The classic `stopThread` (scheduled there with `performSelector`).
    public func stopThread() {
        log("Cancelling the Thread")
        lock.withLock { myThread }?.cancel()
        log("Releasing the thread")
        lock.withLock { myThread = nil }
    }

    /// Blocks the calling thread until the entry point has returned.
    public func waitUntilFinished() {
        finished.wait()
    }
}

// MARK: - The fixed entry point: check again after the sleep

extension ThreadExit {
    private func threadEntryPoint() {
        log("Thread Entry Point")
        while !Thread.current.isCancelled {
            willSleep()
            // Not interruptible: a cancel during the sleep waits for its end.
            Thread.sleep(forTimeInterval: loopSleep)
            // The fix: the cancel may have come while we slept.
            if !Thread.current.isCancelled {
                log("Thread Loop")
            }
        }
        log("Thread Finished")
    }
}

// MARK: - The first version: one more iteration after the cancel

extension ThreadExit {
    private func buggyThreadEntryPoint() {
        log("Thread Entry Point")
        while !Thread.current.isCancelled {
            willSleep()
            Thread.sleep(forTimeInterval: loopSleep)
            log("Thread Loop")  // runs once more after a cancel mid-sleep
        }
        log("Thread Finished")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ThreadExit {
    /// Starts the thread and cancels it while its first iteration runs (a
    /// gate, where the classic version waited 3 s), then blocks until it has
    /// finished.
    public static func run(
        loopSleep: Duration,
        checksAfterSleep: Bool = true,
        log: @escaping @Sendable (String) -> Void
    ) {
        let inLoop = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        let worker = ThreadExit(
            loopSleep: loopSleep,
            willSleep: {
                // Let the stopper cancel, then sleep (later calls pass).
                inLoop.signal()
                stopped.wait()
                stopped.signal()
            },
            log: log)
        worker.start(checksAfterSleep: checksAfterSleep)
        inLoop.wait()
        worker.stopThread()
        stopped.signal()
        worker.waitUntilFinished()
    }

}
