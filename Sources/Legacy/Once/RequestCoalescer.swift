import Foundation

/// Many callers, one load per key: a table of waiting completions behind a
/// barrier queue.
///
/// The first request for a key starts the load; requests that arrive while it
/// runs only add their completion to the key's list, and when the load finishes
/// every completion gets the one result. The entry is then removed, so a later
/// request loads afresh. Cancelling a request removes its completion (which is
/// called with `CocoaError(.userCancelled)`) and leaves the load running for
/// the others. Writes are barrier blocks on a private concurrent queue, reads
/// are `sync`, and completions are called on a global queue, never inside the
/// barrier.
public final class RequestCoalescer<Key: Hashable & Sendable, Value: Sendable>:
    @unchecked Sendable
{
    public typealias Completion = @Sendable (Result<Value, any Error>) -> Void
    public typealias Loader = @Sendable (Key, @escaping Completion) -> Void

    private struct Waiter {
        let id: UUID
        let completion: Completion
    }

    private let load: Loader
    private let log: @Sendable (String) -> Void
    // `@unchecked Sendable`: `waiters` is only written in barrier blocks on
    // `queue`, and read with `queue.sync`.
    private let queue = DispatchQueue(
        label: "com.example.RequestCoalescer", attributes: .concurrent)
    private var waiters: [Key: [Waiter]] = [:]

    public init(
        log: @escaping @Sendable (String) -> Void = { _ in },
        load: @escaping Loader
    ) {
        self.log = log
        self.load = load
    }
}

// MARK: - Asking for a value: join the running load, or start one

extension RequestCoalescer {
    /// Asks for the value of `key`; `completion` is called once, on a global
    /// queue.
    @discardableResult
    public func value(
        for key: Key, completion: @escaping Completion
    ) -> Request {
        let waiter = Waiter(id: UUID(), completion: completion)
        queue.async(flags: .barrier) { [self] in
            if waiters[key] != nil {
                waiters[key]!.append(waiter)
                log("joined \(key)")
                return
            }
            waiters[key] = [waiter]
            log("load started \(key)")
            load(key) { [self] result in finish(key, with: result) }
        }
        return Request { [weak self] in self?.cancel(waiter.id, for: key) }
    }

    private func finish(_ key: Key, with result: Result<Value, any Error>) {
        queue.async(flags: .barrier) { [self] in
            let done = waiters.removeValue(forKey: key) ?? []
            DispatchQueue.global().async {
                for waiter in done { waiter.completion(result) }
            }
        }
    }
}

// MARK: - Cancelling one request: the load goes on for the others

extension RequestCoalescer {
    /// A handle on one request.
    public struct Request: Sendable {
        fileprivate let onCancel: @Sendable () -> Void

        /// Stops waiting: the completion is called with
        /// `CocoaError(.userCancelled)` (unless it already ran), and the load
        /// goes on for the other callers.
        public func cancel() { onCancel() }
    }

    private func cancel(_ id: UUID, for key: Key) {
        queue.async(flags: .barrier) { [self] in
            guard let index = waiters[key]?.firstIndex(where: { $0.id == id })
            else { return }
            let waiter = waiters[key]!.remove(at: index)
            DispatchQueue.global().async {
                waiter.completion(.failure(CocoaError(.userCancelled)))
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RequestCoalescer {
    /// Whether a load for `key` is running.
    public func isLoading(_ key: Key) -> Bool {
        queue.sync { waiters[key] != nil }
    }
}
