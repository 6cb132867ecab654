/// A value that arrives once, for callers that await it before or after: a
/// small actor around the value and a list of continuations.
///
/// `value()` returns at once when the result is there; otherwise it parks a
/// continuation, and `fulfill` resumes every parked one with the value, or
/// `fail` with the error. The first of them wins; later ones are ignored. A
/// cancelled caller stops waiting: its
/// continuation is removed from the list and resumed with
/// `CancellationError`, so none is left behind and none is resumed twice. The
/// check for cancellation inside the continuation's closure covers a caller
/// cancelled before it got there. (If no one needs to give up waiting, a
/// `Task` whose body returns the value does the job: `await task.value`.)
public actor OneShotFuture<Value: Sendable> {
    private var result: Result<Value, any Error>?
    private var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
    private var lastID = 0

    public init() {}
}

// MARK: - Handlers in, the value out (once)

extension OneShotFuture {
    /// The value: at once if it is there, else when it arrives. Throws the
    /// producer's error if it failed, or `CancellationError` if the calling
    /// task is cancelled first.
    public func value() async throws -> Value {
        if let result { return try result.get() }
        lastID += 1
        let id = lastID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    /// Resolves the future with a value; returns false, changing nothing, if
    /// it was already resolved.
    @discardableResult
    public func fulfill(_ value: Value) -> Bool {
        resolve(.success(value))
    }

    /// Resolves the future with an error, which every waiter, and every later
    /// caller, throws; returns false, changing nothing, if it was already
    /// resolved.
    @discardableResult
    public func fail(_ error: any Error) -> Bool {
        resolve(.failure(error))
    }

    private func resolve(_ outcome: Result<Value, any Error>) -> Bool {
        guard result == nil else { return false }
        result = outcome
        let waiting = waiters.values
        waiters = [:]
        for continuation in waiting { continuation.resume(with: outcome) }
        return true
    }

    private func stopWaiting(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    /// How many callers wait for the value.
    public var waitingCount: Int { waiters.count }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension OneShotFuture where Value == Int {
    /// A caller waiting before the value, two fulfils, a caller after.
    public static func runDemo(log: @escaping @Sendable (String) -> Void) async
    {
        let future = OneShotFuture<Int>()
        let a = Task {
            let value = try await future.value()
            log("A got \(value)")
        }
        while await future.waitingCount == 0 { await Task.yield() }
        log("A registered before the value")
        log("fulfil(42)")
        let first = await future.fulfill(42)
        _ = await a.result
        log("first fulfil accepted: \(first)")
        log("fulfil(7) accepted: \(await future.fulfill(7))")
        if let value = try? await future.value() {
            log("B, registered after, got \(value)")
        }
    }
}
