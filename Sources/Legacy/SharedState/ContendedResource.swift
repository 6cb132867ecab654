import Foundation

/// A low-priority job holds a lock that a high-priority job needs: priority
/// inversion.
///
/// The high-priority job can run only when the lock is free, and the lock is
/// free only when the low-priority job gets enough CPU to finish its critical
/// section. If medium-priority work keeps the CPU busy, the high-priority job
/// waits for the *lowest* priority in the chain. Apple platforms can resolve
/// this for primitives that record their owner (`os_unfair_lock`, a `sync`
/// onto a serial queue; the page names the sources): the owner runs at the
/// waiter's priority until it unlocks. A semaphore, `group.wait()` or a
/// condition variable has no owner, so nobody is boosted. On Linux nothing
/// here is boosted: this `NSLock` is a plain `pthread_mutex_t`.
public final class ContendedResource: Sendable {
    private let lock = NSLock()
    private let lowQueue = DispatchQueue(
        label: "com.example.low", qos: .background)
    private let highQueue = DispatchQueue(
        label: "com.example.high", qos: .userInteractive)

    public init() {}

    /// The critical section: `work` runs while `who` holds the lock.
    func use(
        _ who: String, log: @Sendable (String) -> Void, work: () -> Void = {}
    ) {
        lock.lock()
        defer { lock.unlock() }
        log("\(who) acquired")
        work()
        log("\(who) released")
    }

    /// A background job that takes the lock and does `work` while holding it.
    public func lowPriorityJob(
        group: DispatchGroup, log: @escaping @Sendable (String) -> Void,
        work: @escaping @Sendable () -> Void
    ) {
        lowQueue.async(group: group) { self.use("low", log: log, work: work) }
    }

    /// A user-interactive job that blocks until the lock is free.
    public func highPriorityJob(
        group: DispatchGroup, log: @escaping @Sendable (String) -> Void
    ) {
        highQueue.async(group: group) {
            log("high waiting")
            self.use("high", log: log)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ContendedResource {
    /// The low job takes the lock; then the high job starts and waits for it;
    /// the low job releases the lock only once it has seen `high waiting`, so
    /// the order is the same in every run. Blocks until both jobs are done.
    public static func demonstrate(log: @escaping @Sendable (String) -> Void) {
        let resource = ContendedResource()
        let lowAcquired = DispatchSemaphore(value: 0)
        let highWaiting = DispatchSemaphore(value: 0)
        let watchingLog: @Sendable (String) -> Void = { line in
            log(line)
            if line == "low acquired" { lowAcquired.signal() }
            if line == "high waiting" { highWaiting.signal() }
        }
        let bothDone = DispatchGroup()
        resource.lowPriorityJob(group: bothDone, log: watchingLog) {
            highWaiting.wait()
        }
        lowAcquired.wait()
        resource.highPriorityJob(group: bothDone, log: watchingLog)
        bothDone.wait()
    }
}
