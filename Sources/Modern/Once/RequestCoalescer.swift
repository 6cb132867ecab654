/// Many callers, one load per key: an actor that keeps the running `Task` of
/// each key.
///
/// The first request for a key creates the load task and stores it *before* its
/// first `await`; requests that arrive while it runs find the task and await
/// the same one. When it finishes, the first caller removes it, so a later
/// request loads afresh. Put an `await` between the lookup and the insertion (a
/// disk-cache check, a log call on another actor) and the actor lets a second
/// caller through the gap: two loads start. The load is an unstructured task,
/// so cancelling one waiter does not cancel it for the others, and a cancelled
/// waiter still gets the value.
public actor RequestCoalescer<Key: Hashable & Sendable, Value: Sendable> {
    private let load: @Sendable (Key) async throws -> Value
    private let log: @Sendable (String) -> Void
    private var inFlight: [Key: Task<Value, any Error>] = [:]

    public init(
        log: @escaping @Sendable (String) -> Void = { _ in },
        load: @escaping @Sendable (Key) async throws -> Value
    ) {
        self.log = log
        self.load = load
    }
}

// MARK: - Asking for a value: join the running `Task`, or start one

extension RequestCoalescer {
    /// The value of `key`, from the load that is running for it or from a new
    /// one.
    public func value(for key: Key) async throws -> Value {
        if let task = inFlight[key] {
            log("joined \(key)")
            return try await task.value
        }
        let task = Task { [load] in try await load(key) }
        inFlight[key] = task  // inserted before the first await
        log("load started \(key)")
        defer { inFlight[key] = nil }
        return try await task.value
    }
}

// MARK: - Cancelling one request: the load goes on for the others

// Cancelling a caller's task doesn't cancel the load, an unstructured `Task`:
// the other callers get the value, and so does the cancelled one.

// MARK: - Driver (the page's output; not part of the pattern)

extension RequestCoalescer {
    /// Whether a load for `key` is running.
    public func isLoading(_ key: Key) -> Bool {
        inFlight[key] != nil
    }
}
