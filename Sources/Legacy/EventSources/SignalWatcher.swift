import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Handles a Unix signal as an ordinary event on a queue, with a signal
/// source.
///
/// A handler installed with `signal` or `sigaction` interrupts whichever thread
/// the signal lands on, and may call only async-signal-safe functions: no
/// locks, no allocation, no logging. A signal source instead runs a block on a
/// queue, where any code may run; `source.data` counts the signals since the
/// last call, because signals that arrive close together coalesce. Ignore the
/// signal first: until the source is registered the signal's default action
/// still applies, and for SIGUSR2 (or SIGTERM) that ends the process. Signals
/// are process-wide: one process, one owner for each signal.
public enum SignalWatcher {
    /// Starts handling `signo` on `queue`. `registered` runs once the source
    /// is listening; a signal sent before that is ignored and lost.
    public static func handle(
        _ signo: Int32,
        on queue: DispatchQueue,
        registered: @escaping @Sendable () -> Void,
        cancelled: @escaping @Sendable () -> Void,
        handler: @escaping @Sendable (UInt) -> Void
    ) -> any DispatchSourceSignal {
        // The default action of SIGUSR2 terminates the process.
        signal(signo, SIG_IGN)
        let source = DispatchSource.makeSignalSource(
            signal: signo, queue: queue)
        source.setRegistrationHandler(handler: registered)
        source.setEventHandler {
            handler(source.data)  // signals since the last call
        }
        source.setCancelHandler(handler: cancelled)
        source.resume()
        return source
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SignalWatcher {
    /// Sends SIGUSR2 to this process `times` times, each once the previous one
    /// has been handled, then cancels the source. Signals are process-wide:
    /// run it only in a process of its own.
    public static func sendAndHandle(
        times: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let step = DispatchSemaphore(value: 0)
        let source = handle(
            SIGUSR2,
            on: DispatchQueue(label: "com.example.signals"),
            registered: { step.signal() },
            cancelled: { step.signal() }
        ) { count in
            log("got SIGUSR2 (\(count) since the last one)")
            step.signal()
        }
        step.wait()  // registered
        for _ in 1...times {
            log("sending SIGUSR2")
            kill(getpid(), SIGUSR2)
            step.wait()  // handled
        }
        source.cancel()
        step.wait()  // cancelled
        log("stopped handling SIGUSR2")
    }
}
