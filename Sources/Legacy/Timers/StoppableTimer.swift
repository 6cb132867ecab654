import CoreFoundation
import Foundation

/// A repeating `Timer` stopped from inside its block or from another thread,
/// always on its own thread.
///
/// `invalidate()` must be sent on the thread whose run loop runs the timer. The
/// block receives the timer and can invalidate it directly. Other threads post
/// the call with `RunLoop.perform`, which only enqueues the block: a run loop
/// asleep until the next tick would run it then, after one more tick, so `stop`
/// also wakes it with `CFRunLoopWakeUp`. An invalidated timer never fires
/// again, and its `isValid` is false. (`import CoreFoundation` is for
/// `CFRunLoopWakeUp`.)
public final class StoppableTimer: @unchecked Sendable {
    // @unchecked Sendable: `timer` and `ticks` are touched only on the thread
    // that created the object and calls `run()`. Other threads only call
    // `stop`, which posts a block with the thread-safe `RunLoop.perform` and
    // `CFRunLoopWakeUp`.
    private let runLoop = RunLoop.current
    private let cfRunLoop = CFRunLoopGetCurrent()
    private let interval: TimeInterval
    private let tick: (_ count: Int, _ timer: Timer) -> Void
    private var timer: Timer?
    private var ticks = 0

    /// Call on the thread that will run the timer. `tick` runs there, with the
    /// tick count and the timer.
    public init(
        every interval: Duration,
        tick: @escaping (_ count: Int, _ timer: Timer) -> Void
    ) {
        self.interval = interval / .seconds(1)
        self.tick = tick
    }

    /// Whether the timer is scheduled and not invalidated. Read it on the
    /// timer's thread.
    public var isValid: Bool { timer?.isValid ?? false }

    /// Schedules the timer and runs this thread's run loop until the timer is
    /// invalidated.
    public func run() {
        let timer = Timer.scheduledTimer(
            withTimeInterval: interval, repeats: true
        ) { [self] timer in
            ticks += 1
            tick(ticks, timer)
        }
        self.timer = timer
        while timer.isValid
            && RunLoop.current.run(mode: .default, before: .distantFuture)
        {}
    }

    /// Stops the timer from any thread. `done` runs on the timer's thread right
    /// after `invalidate()`.
    public func stop(then done: @escaping @Sendable () -> Void = {}) {
        runLoop.perform { [self] in
            timer?.invalidate()
            done()
        }
        // `perform` only enqueues; without a wake-up the block waits for the
        // next tick.
        CFRunLoopWakeUp(cfRunLoop)
    }
}

// MARK: - Stopping from inside: `invalidate()` in the block

extension StoppableTimer {
    /// Paints `times` times, invalidating the timer from inside its block after
    /// the last one. Returns `isValid` afterwards (false).
    public static func paintThenInvalidateInside(
        times: Int,
        every interval: Duration,
        log: @escaping @Sendable (String) -> Void
    ) -> Bool {
        let painter = StoppableTimer(every: interval) { count, timer in
            log("Painting")
            if count == times { timer.invalidate() }
        }
        log("start")
        painter.run()
        log("stop")
        return painter.isValid
    }
}
