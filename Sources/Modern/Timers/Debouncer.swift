/// Runs an action once calls have stopped for a while: each call cancels the
/// sleeping task and starts a new one, so only the last call's argument gets
/// through.
///
/// The debouncer lives on the main actor, where UI events arrive, and its tasks
/// inherit it, so `call`, the check after the sleep and the action never race.
/// Cancelling the old task wakes its sleep with `CancellationError`, and it
/// ends without running the action. The `Task.isCancelled` check after the
/// sleep matters too: a call can arrive after the sleep has finished but before
/// the task gets the main actor back. Never write `try? await Task.sleep` here:
/// every replaced task would wake at once and run the action with a stale
/// argument. With `maxInterval`, a burst of calls that never pauses still
/// flushes at least that often.
@MainActor
public final class Debouncer<Argument: Sendable> {
    private let delay: Duration
    private let maxInterval: Duration?
    private let action: @MainActor @Sendable (Argument) -> Void

    private var pending: Task<Void, Never>?
    private var burstStart: ContinuousClock.Instant?

    /// `action` runs on the main actor, `delay` after the last call (or
    /// `maxInterval` after the first call of a burst, if that comes sooner).
    public init(
        delay: Duration,
        maxInterval: Duration? = nil,
        action: @escaping @MainActor @Sendable (Argument) -> Void
    ) {
        self.delay = delay
        self.maxInterval = maxInterval
        self.action = action
    }

    deinit {
        pending?.cancel()
    }

    /// Replaces any pending call with this one.
    public func call(_ argument: Argument) {
        pending?.cancel()
        let now = ContinuousClock.now
        let start = burstStart ?? now
        burstStart = start
        var deadline = now + delay
        if let maxInterval {
            deadline = min(deadline, start + maxInterval)
        }
        pending = Task { [weak self] in
            do {
                try await Task.sleep(until: deadline)
            } catch {
                // Replaced by a newer call, or the debouncer was cancelled.
                return
            }
            guard let self, !Task.isCancelled else { return }
            pending = nil
            burstStart = nil
            action(argument)
        }
    }

    /// Drops the pending call, if any.
    public func cancel() {
        pending?.cancel()
        pending = nil
        burstStart = nil
    }
}
