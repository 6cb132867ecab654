import Foundation

/// Every accessor waits until a background initialisation is done: an
/// `NSConditionLock` that the initialiser holds in "not ready".
///
/// The initialiser runs on a background queue. It takes the lock, fills
/// `entries`, and unlocks with condition `ready`. Every accessor takes the
/// lock only `whenCondition: ready`, so one that comes early parks its thread
/// until then; afterwards the lock is an ordinary mutex (accessors take turns,
/// readers included). Nothing can cancel a parked accessor.
///
/// On Linux, `lock(whenCondition:)` traps as soon as it has to wait (it waits
/// until `Date.distantFuture`, which overflows in corelibs Foundation), so
/// the accessors wait with a finite deadline, in a loop.
public final class GatedCache: @unchecked Sendable {
    // `@unchecked Sendable`: `entries` is only touched while holding `gate`.
    private static let notReady = 0
    private static let ready = 1
    private let gate = NSConditionLock(condition: GatedCache.notReady)
    private var entries: [String: String] = [:]

    /// Starts the initialisation on `queue` and returns at once.
    public init(
        queue: DispatchQueue = .global(),
        load: @escaping @Sendable () -> [String: String]
    ) {
        queue.async { [self] in
            gate.lock()
            entries = load()
            gate.unlock(withCondition: Self.ready)
        }
    }

    /// `gate.lock(whenCondition: ready)`, without the Linux trap.
    private func lockWhenReady() {
        while !gate.lock(
            whenCondition: Self.ready, before: Date(timeIntervalSinceNow: 60))
        {}
    }

    /// The value for `key`, once the initialisation is done.
    public func value(for key: String) -> String? {
        lockWhenReady()
        defer { gate.unlock(withCondition: Self.ready) }
        return entries[key]
    }

    /// Stores a value, once the initialisation is done.
    public func set(_ value: String, for key: String) {
        lockWhenReady()
        defer { gate.unlock(withCondition: Self.ready) }
        entries[key] = value
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension GatedCache {
    /// Starts a cache whose initialisation is held until `accessors` threads
    /// have started reading `greeting`, then lets it finish. Returns how many
    /// times the initialisation ran and how many accessors saw its value.
    public static func run(
        accessors: Int, log: @escaping @Sendable (String) -> Void
    ) -> (initialisations: Int, sawLoaded: Int) {
        let counts = Counts()
        let opened = DispatchSemaphore(value: 0)
        let cache = GatedCache {
            counts.add(initialisation: 1)
            log("init started")
            opened.wait()  // held until every accessor has started
            log("init done")
            return ["greeting": "hello"]
        }
        let started = DispatchGroup()
        let finished = DispatchGroup()
        for index in 1...accessors {
            started.enter()
            finished.enter()
            Thread {
                started.leave()
                let value = cache.value(for: "greeting")
                if value == "hello" { counts.add(sawLoaded: 1) }
                log("accessor \(index): \(value ?? "nil")")
                finished.leave()
            }.start()
        }
        started.wait()
        opened.signal()
        finished.wait()
        return counts.both
    }

    final class Counts: @unchecked Sendable {
        // `@unchecked Sendable`: both counts are only touched holding `lock`.
        private let lock = NSLock()
        private var initialisations = 0
        private var sawLoaded = 0
        func add(initialisation: Int = 0, sawLoaded: Int = 0) {
            lock.withLock {
                initialisations += initialisation
                self.sawLoaded += sawLoaded
            }
        }
        var both: (Int, Int) { lock.withLock { (initialisations, sawLoaded) } }
    }
}
