import Foundation

/// Wrappers that make callback APIs you don't own join a `DispatchGroup`.
///
/// A group only counts what it is told about. Each wrapper calls `enter()`,
/// starts the API, and calls `leave()` in the API's completion, *after* the
/// caller's handler, so `notify` runs only once every handler has finished. A
/// `nil` group calls the API straight through. The two APIs are the classic
/// ones (Core Data's `-performBlock:` and `NSURLConnection`'s
/// `+sendAsynchronousRequest:…`), as fakes: `Context` and `Fetcher`.
public enum GroupedCallbacks {}

extension GroupedCallbacks.Context {
    /// The classic `-withGroup:performBlock:`: `block` runs on the context's
    /// queue, inside `group`.
    public func perform(
        in group: DispatchGroup?, _ block: @escaping @Sendable () -> Void
    ) {
        guard let group else {
            perform(block)
            return
        }
        group.enter()
        perform {
            block()
            group.leave()  // after the block, so notify sees its effects
        }
    }
}

extension GroupedCallbacks.Fetcher {
    /// The classic `+withGroup:sendAsynchronousRequest:…`: `completion` runs
    /// inside `group`.
    public func send(
        _ url: URL,
        in group: DispatchGroup?,
        completion: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) {
        guard let group else {
            send(url, completion: completion)
            return
        }
        group.enter()
        send(url) { data, error in
            completion(data, error)
            group.leave()  // after the handler, not before
        }
    }
}

// MARK: - The callback APIs, as fakes

extension GroupedCallbacks {
    /// Stands in for `NSManagedObjectContext`: `perform(_:)` returns at once
    /// and runs the block later on the context's private serial queue.
    public final class Context: Sendable {
        private let queue = DispatchQueue(label: "GroupedCallbacks.Context")

        public init() {}

        public func perform(_ block: @escaping @Sendable () -> Void) {
            queue.async(execute: block)
        }
    }

    /// Stands in for `NSURLConnection.sendAsynchronousRequest`: answers each
    /// URL after a latency, on a global queue, with its data or an error.
    public final class Fetcher: Sendable {
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

// MARK: - Driver (the page's output; not part of the pattern)

extension GroupedCallbacks {
    /// Saves in `context` and fetches every URL, each through a wrapper;
    /// `completion` runs on the main queue after every handler has run.
    public static func saveAndFetch(
        _ urls: [URL],
        context: Context,
        fetcher: Fetcher,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        context.perform(in: group) {
            log("handler: context saved")
        }
        for url in urls {
            fetcher.send(url, in: group) { data, error in
                let name = url.lastPathComponent
                if let data {
                    log("handler: \(name) \(data.count) bytes")
                } else {
                    let reason = error.map { "\($0)" } ?? "no data"
                    log("handler: \(name) failed: \(reason)")
                }
            }
        }
        group.notify(queue: .main) {
            log("notify: every handler has run")
            completion()
        }
    }
}
