import Foundation

/// A thread that pings the main queue and reports when main stops answering.
///
/// Every interval the watchdog thread adds one to a tick count and posts a
/// block to the main queue that sets it back to zero. If main is busy, the
/// blocks queue up and the count keeps growing; once it reaches `threshold`,
/// the watchdog reports a hang, once, and reports again when a ping finally
/// runs. The watchdog must not run on the main queue or depend on it, so it
/// gets a thread of its own. An `NSLock` guards the count (the Objective-C
/// originals use an atomic; Linux has no `OSAtomic`).
public final class MainThreadWatchdog: @unchecked Sendable {
    // Safe to share: `missedTicks` and `isStopped` are read and written only
    // under `lock`; the other stored properties are constants.
    private let lock = NSLock()
    private var missedTicks = 0
    private var isStopped = false
    private let exited = DispatchSemaphore(value: 0)
    private let interval: TimeInterval
    private let threshold: Int
    private let report: @Sendable (String) -> Void

    public init(
        interval: TimeInterval, threshold: Int,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.interval = interval
        self.threshold = threshold
        self.report = report
    }

    /// Starts the watchdog thread.
    public func start() {
        Thread.detachNewThread { [self] in watch() }
    }

    /// Asks the thread to stop and waits until it has exited (up to one
    /// interval: it notices between two sleeps).
    public func stop() {
        lock.withLock { isStopped = true }
        exited.wait()
    }

    private func watch() {
        var isHanging = false
        while !lock.withLock({ isStopped }) {
            lock.withLock { missedTicks += 1 }
            DispatchQueue.main.async { [self] in
                lock.withLock { missedTicks = 0 }
            }
            Thread.sleep(forTimeInterval: interval)
            let missed = lock.withLock { missedTicks }
            if !isHanging && missed >= threshold {
                isHanging = true
                report("hang detected")
            } else if isHanging && missed == 0 {
                isHanging = false
                report("hang stopped")
            }
        }
        exited.signal()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension MainThreadWatchdog {
    /// Watches a responsive main for `intervals` intervals: no report.
    public static func watchResponsiveMain(
        interval: TimeInterval, intervals: Int,
        log: @escaping @Sendable (String) -> Void
    ) {
        let watchdog = MainThreadWatchdog(
            interval: interval, threshold: 5, report: log)
        watchdog.start()
        log("watching a responsive main for \(intervals) intervals")
        Thread.sleep(forTimeInterval: interval * Double(intervals))
        watchdog.stop()
        log("watchdog stopped")
    }

    /// Blocks the main queue until the watchdog has reported the hang, then
    /// lets it go. Run it only in a child process.
    public static func blockMain(
        interval: TimeInterval,
        log: @escaping @Sendable (String) -> Void
    ) {
        let detected = DispatchSemaphore(value: 0)
        let recovered = DispatchSemaphore(value: 0)
        let watchdog = MainThreadWatchdog(interval: interval, threshold: 5) {
            log($0)
            ($0 == "hang detected" ? detected : recovered).signal()
        }
        watchdog.start()
        log("blocking main until the watchdog notices")
        DispatchQueue.main.async {
            detected.wait()
            log("main: unblocked")
        }
        recovered.wait()
        watchdog.stop()
        log("watchdog stopped")
    }
}
