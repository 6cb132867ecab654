import Foundation

/// Callback APIs you don't own, bridged into `async` functions and joined by a
/// task group.
///
/// Each callback API gets one `async` wrapper built on a checked continuation:
/// it starts the call and resumes the continuation from the completion, exactly
/// once on every path. After that, the wrapped calls are ordinary awaits: the
/// "handler" is the code after the `await`, a task group runs them
/// concurrently, and the line after the group is the notify. The two APIs are
/// the same fakes as on the legacy side; they stay callback-based, which is the
/// point.
public nonisolated enum GroupedCallbacks {}

nonisolated extension GroupedCallbacks.Context {
    /// Runs `work` on the context's queue and returns its result (Core Data's
    /// own `perform(_:) async` has this shape, on Apple platforms).
    public func perform<T: Sendable>(
        _ work: @escaping @Sendable () -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            perform { continuation.resume(returning: work()) }
        }
    }
}

nonisolated extension GroupedCallbacks.Fetcher {
    /// Fetches `url`; throws the API's error. The completion resumes the
    /// continuation exactly once, on every path.
    public func send(_ url: URL) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            send(url) { data, error in
                if let data {
                    continuation.resume(returning: data)
                } else {
                    continuation.resume(throwing: error ?? NotFound(url: url))
                }
            }
        }
    }
}

// MARK: - The callback APIs, as fakes (unchanged from the legacy side)

extension GroupedCallbacks {
    /// Stands in for `NSManagedObjectContext`: `perform(_:)` returns at once
    /// and runs the block later on the context's private serial queue.
    public nonisolated final class Context: Sendable {
        private let queue = DispatchQueue(label: "GroupedCallbacks.Context")

        public init() {}

        public func perform(_ block: @escaping @Sendable () -> Void) {
            queue.async(execute: block)
        }
    }

    /// Stands in for `NSURLConnection.sendAsynchronousRequest`: answers each
    /// URL after a latency, on a global queue, with its data or an error.
    public nonisolated final class Fetcher: Sendable {
        /// The error for a URL the fetcher has no data for.
        public struct NotFound: Error, CustomStringConvertible {
            public let url: URL
            public var description: String {
                "no data for \(url.lastPathComponent)"
            }
        }

        private let responses: [URL: Data]
        private let latency: DispatchTimeInterval

        public init(
            responses: [URL: Data], latency: DispatchTimeInterval = .seconds(0)
        ) {
            self.responses = responses
            self.latency = latency
        }

        public func send(
            _ url: URL,
            completion: @escaping @Sendable (Data?, (any Error)?) -> Void
        ) {
            DispatchQueue.global().asyncAfter(deadline: .now() + latency) {
                [responses] in
                if let data = responses[url] {
                    completion(data, nil)
                } else {
                    completion(nil, NotFound(url: url))
                }
            }
        }
    }
}

// MARK: - Or keep the order of the calls: `addImmediateTask`

nonisolated extension GroupedCallbacks {
    /// Runs each block on `context`, concurrently with the caller, submitted in
    /// the array's order as the legacy loop submitted them; returns the results
    /// in that order.
    ///
    /// A child added with `addTask` makes its call when it first runs: after
    /// the loop, in any order, so a serial API behind the bridge (this
    /// context's queue, a server that answers in arrival order) can see the
    /// calls reordered. `addImmediateTask` (SE-0472) runs each child on the
    /// caller up to its first suspension, and the bridge makes its call before
    /// it suspends: every call is made, in order, before the loop goes on.
    public static func performInOrder<T: Sendable>(
        _ blocks: [@Sendable () -> T], on context: Context
    ) async -> [T] {
        await withTaskGroup(of: (index: Int, value: T).self) { group in
            for (index, block) in blocks.enumerated() {
                group.addImmediateTask {
                    (index, await context.perform(block))
                }
            }
            var results: [Int: T] = [:]
            for await result in group { results[result.index] = result.value }
            return blocks.indices.compactMap { results[$0] }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension GroupedCallbacks {
    /// Saves in `context` and fetches every URL, concurrently; logs the notify
    /// line after every handler has run.
    public static func saveAndFetch(
        _ urls: [URL],
        context: Context,
        fetcher: Fetcher,
        log: @escaping @Sendable (String) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await context.perform {
                    log("handler: context saved")
                }
            }
            for url in urls {
                group.addTask {
                    let name = url.lastPathComponent
                    do {
                        let data = try await fetcher.send(url)
                        log("handler: \(name) \(data.count) bytes")
                    } catch {
                        log("handler: \(name) failed: \(error)")
                    }
                }
            }
        }
        log("notify: every handler has run")
    }
}
