/// The same-queue deadlock has no modern form: awaiting your own actor is a
/// plain call.
///
/// `await MainActor.run {}` from the main actor just runs the closure, and an
/// actor calling its own methods calls them directly: there is no queue to wait
/// on. The hangs that remain look different. The plainest is a continuation
/// that is never resumed: a wrapped callback API that forgets to call back on
/// one path leaves its caller suspended forever, with no trap and no error
/// (only a "leaked its continuation" warning on standard error).
public nonisolated enum SyncDeadlock {
    /// `await MainActor.run {}` from code that is already on the main actor: it
    /// completes.
    @MainActor
    public static func mainActorRunFromMainActor(
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("on the main actor, about to await MainActor.run")
        await MainActor.run {
            log(
                "inside MainActor.run: already on the main actor, "
                    + "so it just runs"
            )
        }
        log("MainActor.run returned")
    }
}

// MARK: - An actor calling itself: a plain call

nonisolated extension SyncDeadlock {
    /// An actor calling itself: a plain call, where `q.sync { q.sync {} }`
    /// deadlocks.
    public static func callOwnActor(
        log: @escaping @Sendable (String) -> Void
    ) async {
        await ReentrantWorker(log: log).outer()
        log("the actor call returned")
    }
}

/// An actor whose method calls another of its methods while it is running.
actor ReentrantWorker {
    private let log: @Sendable (String) -> Void

    init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    func outer() {
        log("on the actor, about to call into the same actor")
        inner()
    }

    func inner() {
        log("inside the inner call: a call to your own actor runs at once")
    }
}

// MARK: - A hang that remains: a continuation never resumed

nonisolated extension SyncDeadlock {
    /// A wrapped callback API that never calls back: the caller waits forever.
    public static func awaitNeverResumedContinuation(
        log: @escaping @Sendable (String) -> Void
    ) async {
        log("awaiting a callback that never comes")
        let value = await withCheckedContinuation { continuation in
            fetchValue(for: "answer", from: [:]) {
                continuation.resume(returning: $0)
            }
        }
        log("never printed: got \(value)")
    }

    /// A callback API with a bug: on a cache miss it returns without calling
    /// `completion`.
    static func fetchValue(
        for key: String, from cache: [String: Int],
        completion: @escaping @Sendable (Int) -> Void
    ) {
        // The bug: a miss never calls back.
        guard let value = cache[key] else { return }
        completion(value)
    }
}
