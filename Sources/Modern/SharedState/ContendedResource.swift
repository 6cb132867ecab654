/// The resource becomes an actor, and a high-priority task that awaits it
/// tells the runtime whom it is waiting for.
///
/// The order is the same as with the lock: the background task runs a long
/// actor method, the high-priority task awaits the actor, and gets in only
/// after that method returns. What changes is who knows. A task that awaits an
/// actor (or awaits a task's value, an `async let`, a group's child) is a
/// waiter the runtime can see, so it can escalate the work being waited for
/// to the waiter's priority: on Apple platforms the thread running the actor
/// is raised; on Linux only an awaited task's recorded priority is, and no
/// thread runs sooner for it. The inversion comes back if a task waits in a
/// way the runtime can't see: a semaphore, or a continuation resumed from
/// another task. An actor method with no `await` runs to its end, like a
/// critical section; one that awaits lets other calls in (see
/// `actor-reentrancy`).
public actor ContendedResource {
    public init() {}

    /// A critical section: `work` runs on the actor, and nothing else runs on
    /// it until `use` returns.
    public func use<T: Sendable>(
        _ who: String, log: @Sendable (String) -> Void,
        work: @Sendable () -> T
    ) -> T {
        log("\(who) acquired")
        defer { log("\(who) released") }
        return work()
    }

    /// A background task running a long actor method.
    public static func lowPriorityTask<T: Sendable>(
        on resource: ContendedResource,
        log: @escaping @Sendable (String) -> Void,
        work: @escaping @Sendable () -> T
    ) -> Task<T, Never> {
        Task(priority: .background) {
            await resource.use("low", log: log, work: work)
        }
    }

    /// A high-priority task, started at once on the current thread, that
    /// waits for the actor.
    public static func highPriorityTask(
        on resource: ContendedResource,
        log: @escaping @Sendable (String) -> Void
    ) -> Task<Void, Never> {
        Task.immediate(priority: .high) {
            log("high waiting")
            await resource.use("high", log: log) {}
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ContendedResource {
    /// The background task takes the actor; while its method runs, the
    /// high-priority task starts, logs `high waiting`, and suspends at the busy
    /// actor (`Task.immediate` runs it on this thread up to that point); then
    /// the long method returns. Nothing blocks, and the order is the same in
    /// every run. Returns when both tasks are done.
    public static func demonstrate(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let resource = ContendedResource()
        let low = lowPriorityTask(on: resource, log: log) {
            highPriorityTask(on: resource, log: log)
        }
        let high = await low.value
        await high.value
    }
}
