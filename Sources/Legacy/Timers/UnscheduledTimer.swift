import CoreFoundation
import Foundation

/// A timer built now and scheduled on its thread's run loop only when `start()`
/// is called.
///
/// A scheduled timer is like a running engine, an unscheduled one like an
/// engine ready to start. `Timer(timeInterval:repeats:block:)` makes a timer
/// that is on no run loop and does nothing; `start()` adds it to the owning
/// thread's run loop. From another thread that is a block posted with
/// `RunLoop.perform`, plus `CFRunLoopWakeUp` because `perform` only enqueues.
/// The first fire date is fixed when the timer is created (on Linux, to the
/// creation time itself), so a timer scheduled late fires at once. Until then
/// the run loop needs something to wait on, or `run` returns at once: a
/// keep-alive timer in the distant future.
public final class UnscheduledTimer: @unchecked Sendable {
    // @unchecked Sendable: `paints`, `isStopped` and `paintingTimer` are
    // touched only on the thread that created the object and calls `run()`.
    // Other threads only call `start()` and `stop()`, which post blocks with
    // the thread-safe `RunLoop.perform` and `CFRunLoopWakeUp`.

    /// Called on the timer's thread after each paint, with the number of paints
    /// so far.
    public var onPaint: ((Int) -> Void)?

    private let runLoop = RunLoop.current
    private let cfRunLoop = CFRunLoopGetCurrent()
    private let log: @Sendable (String) -> Void
    private var paintingTimer: Timer?
    private var paints = 0
    private var isStopped = false

    /// Creates the timer, unscheduled. Call on the thread that will run it.
    public init(
        every interval: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        self.log = log
        paintingTimer = Timer(
            timeInterval: interval / .seconds(1), repeats: true
        ) { [weak self] _ in
            self?.paint()
        }
    }

    private func paint() {
        log("Painting")
        paints += 1
        onPaint?(paints)
    }
}

// MARK: - Starting and stopping, from any thread

extension UnscheduledTimer {
    /// Schedules the timer on the owning thread's run loop; call it from any
    /// thread.
    public func start() {
        runLoop.perform { [self] in
            if let paintingTimer {
                RunLoop.current.add(paintingTimer, forMode: .default)
            }
        }
        CFRunLoopWakeUp(cfRunLoop)
    }

    /// Invalidates the timer and ends `run()`; call it from any thread.
    public func stop() {
        runLoop.perform { [self] in
            paintingTimer?.invalidate()
            paintingTimer = nil
            isStopped = true
            CFRunLoopStop(cfRunLoop)
        }
        CFRunLoopWakeUp(cfRunLoop)
    }
}

// MARK: - What ticks: the thread's run loop, kept alive

extension UnscheduledTimer {
    /// Runs the owning thread's run loop until `stop()`.
    public func run() {
        let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false)
        { _ in }
        RunLoop.current.add(keepAlive, forMode: .default)
        while !isStopped
            && RunLoop.current.run(mode: .default, before: .distantFuture)
        {}
        keepAlive.invalidate()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension UnscheduledTimer {
    /// Creates the timer now, starts it from another queue after `delay`, and
    /// stops it after `times` paints. Runs the calling thread's run loop until
    /// then.
    public static func paint(
        times: Int,
        every interval: Duration,
        startAfter delay: Duration,
        log: @escaping @Sendable (String) -> Void
    ) {
        let painter = UnscheduledTimer(every: interval, log: log)
        painter.onPaint = { [unowned painter] paints in
            if paints == times { painter.stop() }
        }
        log("created")
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(delay / .nanoseconds(1)))
        ) {
            log("start")
            painter.start()
        }
        painter.run()
        log("stop")
    }

    /// When the timer will first fire once it is scheduled. Read it on the
    /// timer's thread.
    public var fireDate: Date? { paintingTimer?.fireDate }
}
