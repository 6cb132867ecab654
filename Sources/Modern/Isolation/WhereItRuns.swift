/// Where each line of async code runs, asked of its isolation, not its thread.
///
/// Under `NonisolatedNonsendingByDefault` (Swift 6.2, on in new Xcode 26 app
/// targets) a plain `nonisolated async` function runs on its caller's actor,
/// and only `@concurrent` leaves it for the global executor. `Task {}`
/// keeps its creator's global actor (an actor instance's only when the closure
/// captures `self`); `Task.detached` keeps nothing, but a `@MainActor` method
/// it awaits still runs on the main actor: the compiler hops there, where GCD
/// code had to call `main.async` by hand. `Task.immediate` runs its body on
/// the caller before it returns, up to the first suspension. `#isolation`
/// names the actor that runs the code (`nil`: nonisolated, the global
/// executor's pool unless a task executor preference moves it); no thread
/// check answers that on Linux.
public nonisolated enum WhereItRuns {
    /// "main", the type of the actor the caller is isolated to, or
    /// "background" for none.
    public static func place(
        _ isolation: isolated (any Actor)? = #isolation
    ) -> String {
        guard let isolation else { return "background" }
        if isolation === MainActor.shared { return "main" }
        return String(describing: type(of: isolation))
    }
}

// MARK: - Five calls, five places

nonisolated extension WhereItRuns {
    /// A `nonisolated async` function runs on whatever actor calls it.
    public static func helper(log: @escaping @Sendable (String) -> Void) async {
        log("helper: \(place())")
    }

    /// `@concurrent` leaves the caller's actor.
    @concurrent
    public static func crunch(
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("crunch: \(place())")
    }

    /// On the main actor, `Task {}` inherits it and runs once the caller
    /// suspends.
    @MainActor
    @discardableResult
    public static func deferOnMain(
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task { log("deferred: \(place())") }
    }

    /// A detached task runs on no actor; the UI update it awaits still runs on
    /// the main actor.
    @discardableResult
    public static func updateFromBackground(
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task.detached {
            log("background work: \(place())")
            await showResult(log: log)
        }
    }

    /// Main-actor UI code: callers off the main actor must `await` it.
    @MainActor
    public static func showResult(log: @escaping @Sendable (String) -> Void) {
        log("UI update: \(place())")
    }

    /// `Task.immediate` starts on the caller, before the caller's next line.
    @MainActor
    @discardableResult
    public static func startNow(
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task.immediate { log("started: \(place())") }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension WhereItRuns {
    /// Runs the five calls in turn from the main actor, then `helper` on an
    /// actor of its own.
    @MainActor
    public static func run(log: @escaping @Sendable (String) -> Void) async {
        log("caller: \(place())")
        await helper(log: log)
        await Database().callHelper(log: log)
        await crunch(log: log)
        let deferred = deferOnMain(log: log)
        log("caller's next line")
        await deferred.value
        await updateFromBackground(log: log).value
        let started = startNow(log: log)
        log("caller's next line")
        await started.value
    }
}

/// An actor that calls `helper`, which then runs on it.
public actor Database {
    public init() {}

    public func callHelper(log: @escaping @Sendable (String) -> Void) async {
        await WhereItRuns.helper(log: log)
    }
}
