/// Reloads three views and shows one "Finished" alert when all three are done.
///
/// The notification is simply the code after the work. On the main actor three
/// reloads in a row need no group at all; concurrent work goes into a task
/// group, and the line after `await withTaskGroup(of: Void.self) { … }` runs
/// only when every child has finished. A task group cannot be unbalanced, so
/// the failure modes of `enter()`/`leave()` move to the places where callback
/// code is bridged with a continuation: resuming twice traps, never resuming
/// hangs.
public nonisolated enum ReloadViews {
    static let views = [
        "reloadTableView", "reloadScrollView", "reloadImageView",
    ]
    static let finished = "Finished: All tasks are finished"

    /// The main-queue form: on the main actor the three reloads and the alert
    /// are four lines in a row, and the function returns after all of them.
    @MainActor
    public static func reloadOnMainActor(show: @MainActor (String) -> Void) {
        show("reloadTableView")
        show("reloadScrollView")
        show("reloadImageView")
        show(finished)
    }

    /// The background form: one child task per reload, in any order; the alert
    /// comes after the group, so it is always last.
    public static func reloadInBackground(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for view in views {
                group.addTask { log(view) }
            }
        }
        log(finished)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

// MARK: - Misused continuations (deliberately wrong; only in a child process)

nonisolated extension ReloadViews {
    /// Wrong: resumes a continuation twice, the counterpart of a `leave()` too
    /// many. A checked continuation traps ("SWIFT TASK CONTINUATION MISUSE",
    /// SIGILL on Linux).
    public static func resumeTooOften(
        log: @escaping @Sendable (String) -> Void
    ) async {
        for view in views {
            await withCheckedContinuation { continuation in
                log(view)
                continuation.resume()
                // Wrong: a second resume of the same continuation.
                continuation.resume()
            }
        }
        log(finished)
    }

    /// Wrong: one path returns without resuming, the counterpart of a missing
    /// `leave()`. The awaiting task is suspended forever; the runtime only
    /// prints a leak warning.
    public static func forgetToResume(
        log: @escaping @Sendable (String) -> Void
    ) async {
        for view in views {
            await withCheckedContinuation { continuation in
                // Wrong: this exit never resumes.
                guard view != "reloadImageView" else { return }
                log(view)
                continuation.resume()
            }
        }
        log(finished)
    }
}
