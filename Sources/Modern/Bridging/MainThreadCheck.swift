import Foundation

/// "Am I on main?" becomes "am I isolated to the main actor?".
///
/// A `@MainActor` function can only be called from the main actor or with
/// `await`, so the compiler answers the question wherever it can see the
/// caller. `MainActor.assertIsolated()` restates it at run time (debug builds
/// only); `MainActor.preconditionIsolated()` checks in release builds too.
/// Where a callback from code the compiler can't see promises the main queue,
/// `MainActor.assumeIsolated { … }` checks the promise and, if it holds, lets
/// the synchronous handler call main-actor code. The main actor's executor is
/// the main queue, so these checks and `dispatchPrecondition(.onQueue(.main))`
/// agree; neither asks which thread runs the code (`Thread.isMainThread` is
/// `false` for main-actor code on Linux after `dispatchMain()` and under Swift
/// Testing).
public nonisolated enum MainThreadCheck {
    /// An update that only the main actor may run.
    @MainActor
    public static func updateOnMainActor(
        log: @escaping @Sendable (String) -> Void
    ) -> Bool {
        MainActor.assertIsolated("updateOnMainActor off the main actor")
        log("isolated to main: true")
        return Thread.isMainThread
    }
}

// MARK: - A callback that promises the main queue

nonisolated extension MainThreadCheck {
    /// A callback API the app does not own, which promises to call back on
    /// the main queue.
    public static func fetchTitle(
        completion: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.global().async {
            let title = "Inbox (3)"
            DispatchQueue.main.async { completion(title) }
        }
    }

    /// The handler is synchronous and not isolated, so it can't `await`:
    /// `assumeIsolated` checks the promise and runs main-actor code inline.
    public static func showTitle(
        on screen: TitleScreen,
        completion: @escaping @Sendable () -> Void
    ) {
        fetchTitle { title in
            MainActor.assumeIsolated {
                screen.show(title)
            }
            completion()
        }
    }
}

/// Main-actor UI state: the compiler lets only main-actor code touch it.
@MainActor
public final class TitleScreen {
    private let log: @Sendable (String) -> Void
    public private(set) var title = ""

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    public func show(_ title: String) {
        log("isolated to main: true")
        self.title = title
        log("shown: \(title)")
    }
}

// MARK: - A broken promise: the check traps

nonisolated extension MainThreadCheck {
    /// The same API with a bug: it calls back on the global queue.
    public static func fetchTitleOffMain(
        completion: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.global().async { completion("Inbox (3)") }
    }

    /// `assumeIsolated` catches the bug: it traps (SIGILL) instead of running
    /// main-actor code on the wrong queue. Run it only in a child process.
    public static func showTitleFromWrongQueue(
        on screen: TitleScreen,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        fetchTitleOffMain { title in
            log("callback arrived; checking the main actor")
            MainActor.assumeIsolated {
                screen.show(title)
            }
            completion()
        }
    }
}
