import CoreFoundation
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

// MARK: - Or a run-loop observer on main and a watchdog thread

/// A hang detector that watches the main run loop's passes instead of
/// pinging it.
///
/// An observer on the run loop records each activity and signals a
/// semaphore; the watchdog thread waits on it with a timeout. A timeout
/// while the loop is awake (after waiting, before sources) means one pass
/// has run for longer than the interval; `threshold` of them in a row are a
/// hang. A loop asleep (before waiting) is idle, not hung. The first
/// activity after a hang ends it.
public final class RunLoopHangDetector: @unchecked Sendable {
    // Safe to share: `activity` and `isStopped` are guarded by `lock`; the
    // observer is set in `start` and removed in `stop`, on the owner's side.
    private let lock = NSLock()
    private var activity = CFRunLoopActivity.entry
    private var isStopped = false
    private var observer: CFRunLoopObserver?
    private let passed = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let runLoop: CFRunLoop
    private let interval: TimeInterval
    private let threshold: Int
    private let report: @Sendable (String) -> Void

    /// Watches `runLoop` (an app passes `CFRunLoopGetMain()`).
    public init(
        runLoop: CFRunLoop, interval: TimeInterval, threshold: Int,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.runLoop = runLoop
        self.interval = interval
        self.threshold = threshold
        self.report = report
    }

    /// Adds the observer in every common mode and starts the watchdog.
    public func start() {
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.allActivities.rawValue,
            true, 0
        ) { [weak self] _, activity in
            guard let self else { return }
            lock.withLock { self.activity = activity }
            passed.signal()
        }
        CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
        self.observer = observer
        Thread.detachNewThread { [self] in watch() }
    }

    /// Removes the observer, and waits until the watchdog has exited.
    public func stop() {
        if let observer {
            CFRunLoopRemoveObserver(runLoop, observer, kCFRunLoopCommonModes)
        }
        lock.withLock { isStopped = true }
        passed.signal()
        exited.wait()
    }

    private func watch() {
        var timeouts = 0
        var isHanging = false
        while true {
            let answered =
                passed.wait(timeout: .now() + interval) == .success
            let (stopped, activity) = lock.withLock {
                (isStopped, self.activity)
            }
            if stopped { break }  // checked after every wait
            if answered {
                timeouts = 0
                if isHanging {
                    isHanging = false
                    report("hang stopped")
                }
            } else if activity == .afterWaiting
                || activity == .beforeSources
            {
                timeouts += 1
                if !isHanging && timeouts >= threshold {
                    isHanging = true
                    report("hang detected")
                }
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

extension RunLoopHangDetector {
    /// Runs the main run loop, blocks it in a main-queue block until the
    /// detector has reported the hang, and stops once it has recovered. Call
    /// it on the main thread of a child process.
    public static func blockMainRunLoop(
        interval: TimeInterval,
        log: @escaping @Sendable (String) -> Void
    ) {
        let detected = DispatchSemaphore(value: 0)
        let recovered = DispatchSemaphore(value: 0)
        let detector = RunLoopHangDetector(
            runLoop: CFRunLoopGetMain(), interval: interval, threshold: 5
        ) {
            log($0)
            ($0 == "hang detected" ? detected : recovered).signal()
        }
        detector.start()
        log("blocking main until the watchdog notices")
        DispatchQueue.main.async {
            detected.wait()
            log("main: unblocked")
        }
        // An app's main thread runs its run loop for ever; this one runs it
        // until the detector has seen main answer again.
        while recovered.wait(timeout: .now()) == .timedOut {
            _ = RunLoop.main.run(
                mode: .default, before: Date(timeIntervalSinceNow: interval))
        }
        detector.stop()
        log("watchdog stopped")
    }
}
