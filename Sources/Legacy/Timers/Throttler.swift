import Foundation

/// Runs an action at once if idle, else the latest argument when the interval
/// ends: a serial queue and one `asyncAfter`, armed once, never replaced.
///
/// The shape of iTerm2's `iTermRateLimitedUpdate` and matrix-ios-sdk's
/// `MXThrottler`: keep the latest argument; if the minimum interval has passed
/// since the last run, run it now, else arm ONE `asyncAfter` that runs whatever
/// is latest when it fires. Later calls only replace the argument: the armed
/// work item is never cancelled and rescheduled (that would be a debounce).
/// `call` may come from any thread: it hops onto the serial `queue`, which
/// owns the state and runs the action. The interval counts from the end of the
/// previous run, so a slow action never runs twice back to back.
public final class Throttler<Argument: Sendable>: @unchecked Sendable {
    private let interval: Duration
    private let queue: DispatchQueue
    private let action: @Sendable (Argument) -> Void

    // `@unchecked Sendable`: only `queue` touches these three.
    private var latest: Argument?
    private var lastRun: DispatchTime?
    private var armed: DispatchWorkItem?

    /// `action` runs on `queue`, at most once per `interval`.
    public init(
        interval: Duration,
        queue: DispatchQueue = DispatchQueue(label: "throttler"),
        action: @escaping @Sendable (Argument) -> Void
    ) {
        self.interval = interval
        self.queue = queue
        self.action = action
    }

    deinit {
        armed?.cancel()
    }

    /// Runs `argument` now if idle; else it replaces the pending argument.
    public func call(_ argument: Argument) {
        queue.async { [weak self] in
            guard let self else { return }
            latest = argument
            guard armed == nil else { return }  // the armed item runs it
            let now = DispatchTime.now()
            guard let lastRun, now < lastRun + interval / .seconds(1) else {
                runLatest()
                return
            }
            let item = DispatchWorkItem { [weak self] in
                guard let self else { return }
                armed = nil
                runLatest()
            }
            armed = item
            queue.asyncAfter(
                deadline: lastRun + interval / .seconds(1), execute: item)
        }
    }
}

// MARK: - Cancelling, and the run: the queue owns the state

extension Throttler {
    /// Drops the pending argument, if any; a later call runs as usual.
    public func cancel() {
        queue.async { [weak self] in
            guard let self else { return }
            armed?.cancel()
            armed = nil
            latest = nil
        }
    }

    private func runLatest() {
        guard let argument = latest else { return }
        latest = nil
        action(argument)
        lastRun = DispatchTime.now()
    }
}
