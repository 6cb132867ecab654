import Foundation

/// A non-repeating timer fires once, then is done.
///
/// A `Timer` scheduled with `repeats: false` invalidates itself after it fires
/// and releases its block (a target/selector timer's `userInfo` too); `isValid`
/// is then false.
/// A dispatch timer source scheduled with `repeating: .never` fires once but
/// stays alive until it is cancelled, so its handler cancels it. Use
/// `Timer.scheduledTimer(withTimeInterval:…)`: on Linux,
/// `Timer(timeInterval:repeats:block:)` sets its first fire date to the moment
/// it is created, so scheduled at once it fires at once.
public enum OneShotTimer {
    /// Schedules a one-shot timer on the current thread's run loop and runs the
    /// run loop until it has fired. Returns the timer, which is no longer
    /// valid.
    @discardableResult
    public static func paintOnce(
        after delay: Duration, log: @escaping @Sendable (String) -> Void
    ) -> Timer {
        let timer = Timer.scheduledTimer(
            withTimeInterval: delay / .seconds(1), repeats: false
        ) { _ in
            log("Painting")
        }
        while timer.isValid
            && RunLoop.current.run(mode: .default, before: .distantFuture)
        {}
        return timer
    }

    /// The dispatch form: a timer source scheduled once, cancelled by its own
    /// handler. `completion` runs on the source's queue once it is cancelled.
    public static func paintOnceWithSource(
        after delay: Duration,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let source = DispatchSource.makeTimerSource(
            queue: DispatchQueue(label: "com.example.paintOnce"))
        source.setEventHandler {
            log("Painting")
            // `.never` stops the repeats, not the source: cancel it to release
            // it.
            source.cancel()
        }
        source.setCancelHandler(handler: completion)
        source.schedule(
            deadline: .now() + .nanoseconds(Int(delay / .nanoseconds(1))),
            repeating: .never)
        source.resume()
    }
}
