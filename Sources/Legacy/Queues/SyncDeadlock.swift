import Foundation

/// `sync` onto the queue you are already on waits for itself: a deadlock.
///
/// `sync` returns only when its block has run, and a serial queue runs one
/// block at a time. So a block that `sync`s onto its own queue (or the main
/// thread that `sync`s onto the main queue) waits for a block that cannot start
/// until the waiter finishes. libdispatch notices and traps at once, on Linux
/// (SIGILL) and on Darwin alike: "dispatch_sync called on queue already owned
/// by current thread". Two queues that `sync` into each other from two threads
/// hang everywhere: neither can notice.
///
/// These functions never return; they are run only in a child process.
public enum SyncDeadlock {
    /// `DispatchQueue.main.sync` from the main thread.
    public static func mainSyncFromMain(
        log: @escaping @Sendable (String) -> Void
    ) {
        log("on the main thread, about to sync onto the main queue")
        DispatchQueue.main.sync {
            log(
                "never printed: the main queue waits for the main thread, "
                    + "which waits for it"
            )
        }
        log("never printed either")
    }
}

// MARK: - `sync` onto the current serial queue

extension SyncDeadlock {
    /// `q.sync { q.sync {} }` on a serial queue.
    public static func syncOntoCurrentQueue(
        log: @escaping @Sendable (String) -> Void
    ) {
        let queue = DispatchQueue(label: "com.pixolity.GCD.serialQueue1")
        queue.sync {
            log("on the serial queue, about to sync onto the current queue")
            queue.sync {
                log(
                    "never printed: this block waits for the one that is "
                        + "waiting for it"
                )
            }
        }
        log("never printed either")
    }
}

// MARK: - A hang: two queues that `sync` into each other

extension SyncDeadlock {
    /// Two serial queues on two threads, each holding its own queue and
    /// `sync`ing onto the other's: a lock-order deadlock that no one can
    /// detect, so it simply hangs.
    public static func syncIntoEachOther(
        log: @escaping @Sendable (String) -> Void
    ) {
        let queueA = DispatchQueue(label: "com.example.queueA")
        let queueB = DispatchQueue(label: "com.example.queueB")
        // Make sure each block is running on its queue before either syncs onto
        // the other.
        let aIsRunning = DispatchSemaphore(value: 0)
        let bIsRunning = DispatchSemaphore(value: 0)
        let bothDone = DispatchGroup()
        queueA.async(group: bothDone) {
            log("queue A: running, about to sync onto queue B")
            aIsRunning.signal()
            bIsRunning.wait()
            queueB.sync {
                log("never printed: queue B is busy waiting for queue A")
            }
        }
        queueB.async(group: bothDone) {
            aIsRunning.wait()
            log("queue B: running, about to sync onto queue A")
            bIsRunning.signal()
            queueA.sync {
                log("never printed: queue A is busy waiting for queue B")
            }
        }
        bothDone.wait()
        log("never printed either")
    }
}
