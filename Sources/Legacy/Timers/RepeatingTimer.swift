import Foundation

/// A repeating `Timer` paints every interval on the run loop of the thread that
/// started it.
///
/// A timer fires only while the run loop it was scheduled on is running. On
/// Linux the main run loop does not run under an async `main` or Swift Testing,
/// so the demo runs on a thread of its own that runs its run loop until
/// painting stops. The block form replaces the classic target/selector and
/// `NSInvocation` forms, which Linux lacks. The run loop retains a scheduled
/// timer and the timer retains its block until `invalidate()`, so the block
/// holds `self` weakly, and `startPainting()` refuses to start a second timer
/// that nothing could ever stop.
public final class RepeatingTimer: @unchecked Sendable {
    // @unchecked Sendable: confined to one thread. The object is created,
    // started, stopped and fired on the thread whose run loop runs the timer;
    // the Timer block, which the API makes `@Sendable`, runs on that thread
    // too.

    /// Called on the timer's thread after each paint, with the number of paints
    /// so far.
    public var onPaint: ((Int) -> Void)?

    private let interval: TimeInterval
    private let log: @Sendable (String) -> Void
    private var paintingTimer: Timer?
    private var paints = 0

    public init(
        every interval: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        self.interval = interval / .seconds(1)
        self.log = log
    }

    /// Schedules the timer on the current thread's run loop, unless one is
    /// already running.
    public func startPainting() {
        // A second timer would leak, retained by the run loop.
        guard paintingTimer == nil else { return }
        paintingTimer = Timer.scheduledTimer(
            withTimeInterval: interval, repeats: true
        ) { [weak self] _ in
            self?.paint()
        }
    }

    /// Invalidates the timer. Call it on the thread that started it.
    public func stopPainting() {
        paintingTimer?.invalidate()
        paintingTimer = nil
    }

    private func paint() {
        log("Painting")
        paints += 1
        onPaint?(paints)
    }
}

// MARK: - `timeFlies`: a dispatch timer source

extension RepeatingTimer {
    /// The dispatch-source form: "Time flies." every interval, within
    /// `leeway`.
    ///
    /// A source is created suspended and does nothing until `resume()`. The
    /// handler cancels the source after `times` events; `completion` runs on
    /// the source's queue once it is cancelled.
    public static func timeFlies(
        times: Int,
        every interval: Duration,
        leeway: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let source = DispatchSource.makeTimerSource(
            queue: DispatchQueue(label: "com.example.timeFlies"))
        // Touched only by the handler, which the source runs on its serial
        // queue.
        var fired = 0
        source.setEventHandler {
            log("Time flies.")
            fired += 1
            if fired == times {
                // No more events; also releases this handler and its capture of
                // `source`.
                source.cancel()
                log("stop")
            }
        }
        source.setCancelHandler(handler: completion)
        source.schedule(
            deadline: .now() + .nanoseconds(Int(interval / .nanoseconds(1))),
            repeating: .nanoseconds(Int(interval / .nanoseconds(1))),
            leeway: .nanoseconds(Int(leeway / .nanoseconds(1)))
        )
        log("start")
        source.resume()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RepeatingTimer {
    /// The classic lifecycle: start, paint `times` times, stop.
    ///
    /// Runs the calling thread's run loop until painting has stopped, so call
    /// it on a thread that is free to do so.
    public static func paint(
        times: Int, every interval: Duration,
        log: @escaping @Sendable (String) -> Void
    ) {
        let painter = RepeatingTimer(every: interval, log: log)
        painter.onPaint = { [unowned painter] paints in
            if paints == times {
                painter.stopPainting()
                log("stop")
            }
        }
        log("start")
        painter.startPainting()
        while painter.isPainting
            && RunLoop.current.run(mode: .default, before: .distantFuture)
        {}
    }

    /// Whether a timer is scheduled.
    public var isPainting: Bool { paintingTimer != nil }
}
