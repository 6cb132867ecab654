import Foundation

/// Runs a block now when already on the main queue, otherwise posts it to the
/// main queue.
///
/// The widely copied `dispatch_main_async_safe` (and Kingfisher's `safeAsync`)
/// asks `Thread.isMainThread`. That is the wrong question: UI code needs the
/// main *queue*, and the main queue is not always drained by the main thread.
/// On Linux, after `dispatchMain()` and under Swift Testing, main-queue blocks
/// run on another thread, so the thread check answers "no" on main and posts
/// the block needlessly, changing the order. A `DispatchSpecificKey` set on
/// `DispatchQueue.main` asks the right question, on every platform.
public enum MainHop {
    /// A key set on the main queue, and on no other queue.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Whether the caller is running on the main queue, whichever thread that
    /// is.
    public static var isOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    /// Runs `block` at once when on the main queue, else posts it to the main
    /// queue.
    public static func runOnMain(_ block: @escaping @Sendable () -> Void) {
        if isOnMainQueue {
            block()
        } else {
            DispatchQueue.main.async(execute: block)
        }
    }

    /// The copied version, which asks about the thread instead of the queue.
    /// Don't use it.
    public static func runOnMainCheckingThread(
        _ block: @escaping @Sendable () -> Void
    ) {
        if Thread.isMainThread {
            block()
        } else {
            DispatchQueue.main.async(execute: block)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension MainHop {
    /// Logs "ran" through `runOnMain`, then "after". From the main queue "ran"
    /// comes first; from elsewhere "ran" waits for the main queue. `completion`
    /// runs on the main queue after both.
    public static func runThenContinue(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        runOnMain { log("ran") }
        log("after")
        // FIFO: after the block, if it was posted.
        DispatchQueue.main.async(execute: completion)
    }

    /// The same, with the thread check.
    public static func runThenContinueCheckingThread(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        runOnMainCheckingThread { log("ran") }
        log("after")
        DispatchQueue.main.async(execute: completion)
    }

    /// Sends three blocks through `runOnMain`; they run in the order they were
    /// sent.
    public static func runThree(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        for index in 1...3 {
            runOnMain { log("block \(index)") }
        }
        DispatchQueue.main.async(execute: completion)
    }
}
