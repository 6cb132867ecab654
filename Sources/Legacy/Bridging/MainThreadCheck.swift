import Foundation

/// "Am I on main?", asked of the main queue rather than of the thread.
///
/// Classic code logs `NSThread.currentThread` next to `NSThread.mainThread` in
/// a main-queue block and finds them equal. On iOS they are: the main thread
/// drains the main queue. On Linux, after `dispatchMain()` and under Swift
/// Testing, main-queue blocks run on a worker thread, so `Thread.isMainThread`
/// answers `false` there although the block is exactly where UI code must run.
/// `dispatchPrecondition(condition: .onQueue(.main))` asks the question that
/// matters (is this the main queue?) and traps when the answer is no.
public enum MainThreadCheck {
    /// Posts an update to the main queue; the block checks where it runs
    /// before it touches anything main-only.
    public static func updateOnMainQueue(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (_ isMainThread: Bool) -> Void
    ) {
        DispatchQueue.main.async {
            dispatchPrecondition(condition: .onQueue(.main))
            log("isolated to main: true")
            completion(Thread.isMainThread)
        }
    }
}

// MARK: - A callback that promises the main queue

extension MainThreadCheck {
    /// A callback API that promises to call back on the main queue (the
    /// promise lives in its documentation only).
    public static func fetchTitle(
        completion: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.global().async {
            let title = "Inbox (3)"
            DispatchQueue.main.async { completion(title) }
        }
    }

    /// The caller's handler checks the promise before it updates the UI.
    public static func showTitle(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        fetchTitle { title in
            dispatchPrecondition(condition: .onQueue(.main))
            log("isolated to main: true")
            log("shown: \(title)")
            completion()
        }
    }
}

// MARK: - A broken promise: the check traps

extension MainThreadCheck {
    /// The same API with a bug: it calls back on the global queue.
    public static func fetchTitleOffMain(
        completion: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.global().async { completion("Inbox (3)") }
    }

    /// The handler's check catches the bug: it traps (SIGILL) before the UI is
    /// touched from the wrong queue. Run it only in a child process.
    public static func showTitleFromWrongQueue(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        fetchTitleOffMain { title in
            log("callback arrived; checking the main queue")
            dispatchPrecondition(condition: .onQueue(.main))
            log("never printed: shown \(title)")
            completion()
        }
    }
}
