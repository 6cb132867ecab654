import Foundation

/// A thread's priority, set before it starts and read back inside it.
///
/// There are two knobs: Cocoa's `setThreadPriority:` and POSIX's
/// `pthread_setschedparam`. Neither does what it promises here. Corelibs
/// Foundation has no `threadPriority`; `qualityOfService`, set before
/// `start()`, is what is left, and on Linux it is a stored hint that the
/// scheduler never sees. POSIX priorities exist only for the real-time
/// policies, which need privileges: a normal (`SCHED_OTHER`) thread has exactly
/// one priority, 0. A thread that this thread starts does not inherit its
/// quality of service either. As Apple itself advises: leave the default.
public enum ThreadPriority {
    /// Starts a thread with `qualityOfService` set before `start()`, logs what
    /// it reads inside, and blocks until the thread is done.
    public static func run(
        qualityOfService: QualityOfService,
        log: @escaping @Sendable (String) -> Void
    ) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let inside = Thread.current.qualityOfService
            log("thread qualityOfService: \(name(of: inside))")
            reportSchedulingPolicy(log: log)
            startNestedThread(log: log)
            done.signal()  // the last thing the thread does
        }
        thread.qualityOfService = qualityOfService  // before start()
        thread.start()
        done.wait()
    }

    /// The POSIX knob: the range of priorities for the thread's policy.
    static func reportSchedulingPolicy(log: @Sendable (String) -> Void) {
        var policy: Int32 = 0
        var parameters = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &parameters)
        let lowest = sched_get_priority_min(policy)
        let highest = sched_get_priority_max(policy)
        let isNormal = policy == Int32(SCHED_OTHER)
        log(
            "POSIX policy \(isNormal ? "SCHED_OTHER" : "\(policy)"):"
                + " priorities \(lowest)…\(highest)")
    }

    /// A thread started from inside: it gets the default, not its creator's.
    static func startNestedThread(log: @escaping @Sendable (String) -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            let nested = Thread.current.qualityOfService
            log("thread it starts: \(name(of: nested))")
            done.signal()
        }.start()
        done.wait()
    }

    /// The name of a quality of service, as the log prints it.
    public static func name(of qualityOfService: QualityOfService) -> String {
        switch qualityOfService {
        case .userInteractive: "userInteractive"
        case .userInitiated: "userInitiated"
        case .utility: "utility"
        case .background: "background"
        case .default: "default"
        @unknown default: "unknown"
        }
    }
}
