import Foundation

/// A value that arrives once, for handlers registered before or after: a
/// state behind a barrier queue, `pending(handlers)` or `resolved(value)`.
///
/// You have probably met this in PromiseKit (`Box`: `.pending` with a list of
/// handlers, `.resolved` with the value) and in the shape of NIO's
/// `EventLoopPromise`. Registering before the value adds the handler to the
/// list; registering after calls it at once. Fulfilling swaps the state under
/// the barrier and calls the waiting handlers *outside* it, on a global queue,
/// so a handler that registers another one can't deadlock. A second fulfil
/// finds the state resolved and is ignored. A handler that is no longer wanted
/// is removed with its registration id, so the list doesn't keep it.
public final class OneShotFuture<Value: Sendable>: @unchecked Sendable {
    public typealias Handler = @Sendable (Value) -> Void

    private enum State {
        case pending([Int: Handler])
        case resolved(Value)
    }

    // `@unchecked Sendable`: `state` and `lastID` are only written in barrier
    // blocks on `queue`, and read with `queue.sync`.
    private let queue = DispatchQueue(
        label: "com.example.OneShotFuture", attributes: .concurrent)
    private var state: State = .pending([:])
    private var lastID = 0

    public init() {}
}

// MARK: - Handlers in, the value out (once)

extension OneShotFuture {
    /// Calls `handler` once with the value, on a global queue: when it
    /// arrives, or at once if it is there. Returns an id for
    /// `removeHandler(_:)`.
    @discardableResult
    public func onValue(_ handler: @escaping Handler) -> Int {
        let (id, value) = queue.sync(flags: .barrier) { () -> (Int, Value?) in
            lastID += 1
            switch state {
            case .pending(var handlers):
                handlers[lastID] = handler
                state = .pending(handlers)
                return (lastID, nil)
            case .resolved(let value):
                return (lastID, value)
            }
        }
        if let value { DispatchQueue.global().async { handler(value) } }
        return id
    }

    /// Resolves the future; returns false, changing nothing, if it was
    /// already resolved.
    @discardableResult
    public func fulfill(_ value: Value) -> Bool {
        let waiting = queue.sync(flags: .barrier) { () -> [Handler]? in
            guard case .pending(let handlers) = state else { return nil }
            state = .resolved(value)
            return Array(handlers.values)
        }
        guard let waiting else { return false }
        for handler in waiting {  // outside the barrier
            DispatchQueue.global().async { handler(value) }
        }
        return true
    }

    /// Forgets a handler that hasn't been called; returns whether it was
    /// waiting.
    @discardableResult
    public func removeHandler(_ id: Int) -> Bool {
        queue.sync(flags: .barrier) {
            guard case .pending(var handlers) = state,
                handlers.removeValue(forKey: id) != nil
            else { return false }
            state = .pending(handlers)
            return true
        }
    }

    /// How many handlers wait for the value.
    public var waitingCount: Int {
        queue.sync {
            if case .pending(let handlers) = state { handlers.count } else { 0 }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension OneShotFuture where Value == Int {
    /// A handler registered before the value, two fulfils, a handler
    /// registered after. Blocks until both handlers have run.
    public static func runDemo(log: @escaping @Sendable (String) -> Void) {
        let future = OneShotFuture<Int>()
        let called = DispatchGroup()
        called.enter()
        future.onValue { value in
            log("A got \(value)")
            called.leave()
        }
        log("A registered before the value")
        log("fulfil(42)")
        let first = future.fulfill(42)
        called.wait()
        log("first fulfil accepted: \(first)")
        log("fulfil(7) accepted: \(future.fulfill(7))")
        called.enter()
        future.onValue { value in
            log("B, registered after, got \(value)")
            called.leave()
        }
        called.wait()
    }
}
