/// Every caller waits until a background initialisation is done: an actor
/// whose methods first `await` the stored initialisation `Task`.
///
/// The task starts in `init` and runs once; any number of callers await its
/// `value`, suspended, not parked on threads. The first caller back installs
/// the result; after that `loaded()` returns at once. Awaiting a task's value
/// ignores the waiter's cancellation: a cancelled caller keeps waiting and
/// gets the value, and the shared initialisation is never cancelled by one of
/// its callers (to let callers leave early, use continuations as
/// `wait-for-state` does). Releasing the cache cancels the initialisation: no
/// caller can be waiting then, since a waiting caller holds the cache.
public actor GatedCache {
    private let initialisation: Task<[String: String], Never>
    // nil until the first caller is back from the initialisation
    private var entries: [String: String]?

    /// Starts the initialisation and returns at once.
    public init(load: @escaping @Sendable () async -> [String: String]) {
        initialisation = Task { await load() }
    }

    deinit { initialisation.cancel() }

    private func loaded() async {
        guard entries == nil else { return }
        let loaded = await initialisation.value
        // Re-check after the `await`: another caller may have installed the
        // entries (and changed them) meanwhile.
        if entries == nil { entries = loaded }
    }

    /// The value for `key`, once the initialisation is done.
    public func value(for key: String) async -> String? {
        await loaded()
        return entries?[key]
    }

    /// Stores a value, once the initialisation is done.
    public func set(_ value: String, for key: String) async {
        await loaded()
        entries?[key] = value
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension GatedCache {
    /// Starts a cache whose initialisation is held until `accessors` tasks
    /// have started reading `greeting`, then lets it finish. Returns how many
    /// times the initialisation ran and how many accessors saw its value.
    public static func run(
        accessors: Int, log: @escaping @Sendable (String) -> Void
    ) async -> (initialisations: Int, sawLoaded: Int) {
        let initialisations = Counter()
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        let cache = GatedCache {
            await initialisations.add()
            log("init started")
            // Held until every accessor has started.
            for await _ in opened { break }
            log("init done")
            return ["greeting": "hello"]
        }
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let sawLoaded = await withTaskGroup(of: Bool.self) { group in
            for index in 1...accessors {
                group.addTask {
                    start.yield()
                    let value = await cache.value(for: "greeting")
                    log("accessor \(index): \(value ?? "nil")")
                    return value == "hello"
                }
            }
            var waiting = 0
            for await _ in started {
                waiting += 1
                if waiting == accessors { break }
            }
            open.yield()
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        return (await initialisations.value, sawLoaded)
    }

    actor Counter {
        private(set) var value = 0
        func add() { value += 1 }
    }
}
