import Foundation

/// Reloads three views and shows one "Finished" alert when all three are done.
///
/// A `DispatchGroup` counts unfinished work: `async(group:)` and `enter()` add
/// one, the end of the block and `leave()` take one away, and `notify(queue:)`
/// runs its block once the count is back to zero. The group does not order
/// anything: in the main-queue form the reloads run in order because the main
/// queue is serial. `enter()` and `leave()` must balance; a `leave()` too many
/// traps, and a missing one means `notify` never runs.
public enum ReloadViews {
    static let views = [
        "reloadTableView", "reloadScrollView", "reloadImageView",
    ]
    static let finished = "Finished: All tasks are finished"

    /// Three `async(group:)` blocks on the main queue, then a notify there.
    /// Returns at once; `show` and `completion` run on the main queue.
    public static func reloadOnMainQueue(
        show: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let taskGroup = DispatchGroup()
        let mainQueue = DispatchQueue.main
        mainQueue.async(group: taskGroup) { show("reloadTableView") }
        mainQueue.async(group: taskGroup) { show("reloadScrollView") }
        mainQueue.async(group: taskGroup) { show("reloadImageView") }
        taskGroup.notify(queue: mainQueue) {
            show(finished)
            completion()
        }
    }

    /// The `dispatch_group_async_f` form: one block (in C, a function with a
    /// context pointer) runs all three reloads.
    public static func reloadInOneBlock(
        show: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let taskGroup = DispatchGroup()
        DispatchQueue.main.async(group: taskGroup) {
            for view in views { show(view) }
        }
        taskGroup.notify(queue: .main) {
            show(finished)
            completion()
        }
    }

    /// `enter()` before each piece of background work, `leave()` when it is
    /// done. The reloads run concurrently, in any order; `notify`
    /// still runs last, on the main queue.
    public static func reloadInBackground(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        for view in views {
            group.enter()
            DispatchQueue.global().async {
                log(view)
                group.leave()
            }
        }
        group.notify(queue: .main) {
            log(finished)
            completion()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

// MARK: - Unbalanced groups (deliberately wrong; run only in a child process)

extension ReloadViews {
    /// Wrong: leaves the group twice for one `enter()`. libdispatch traps at
    /// once ("Unbalanced call to dispatch_group_leave()", SIGILL on Linux).
    public static func leaveTooOften(
        log: @escaping @Sendable (String) -> Void
    ) {
        let group = DispatchGroup()
        for view in views {
            group.enter()
            log(view)
            group.leave()
            group.leave()  // Wrong: a second leave for the same enter
        }
        group.notify(queue: .main) { log(finished) }
    }

    /// Wrong: one path returns without `leave()`, so the count never reaches
    /// zero and `notify` (and `completion`) never run. Nothing traps and
    /// nothing is logged: it just hangs.
    public static func forgetToLeave(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        for view in views {
            group.enter()
            DispatchQueue.main.async {
                // Wrong: this exit never leaves.
                guard view != "reloadImageView" else { return }
                log(view)
                group.leave()
            }
        }
        group.notify(queue: .main) {
            log(finished)
            completion()
        }
    }
}
