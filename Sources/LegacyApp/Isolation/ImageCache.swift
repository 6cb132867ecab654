import Dispatch
import Foundation

/// An image cache whose Dispatch callbacks were written in main-actor code:
/// they trap when Dispatch runs them on its own queue.
///
/// In an Xcode 26 app target every type is `@MainActor` unless it says
/// otherwise, and so is every closure written in it that is not `@Sendable`.
/// A Dispatch source's `setEventHandler` and `DispatchIO.read`'s completion
/// handler (a C callback, like most Objective-C SDK callbacks) take plain
/// closures, so the closures below are `@MainActor`: they may call `trim()` and
/// touch `images`, and the compiler says nothing. Swift 6 checks that isolation
/// when each closure starts; on the source's queue or a global queue the check
/// fails and the app dies with SIGILL in `_dispatch_assert_queue_fail`.
public final class ImageCache {
    private let log: @Sendable (String) -> Void
    private var images = ["a.png", "b.png", "c.png"]
    private var pressure: DispatchSourceUserDataAdd?
    /// Called after each trim (the app's observers; the driver waits on it).
    public var onTrimmed: () -> Void = {}

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    func trim() {
        log("trimmed \(images.count) images")
        images.removeAll()
        onTrimmed()
    }

    func index(_ names: [String]) {
        images = names
        log("indexed \(images.count) images")
    }

    /// The image names in the index file's bytes (one a line).
    nonisolated static func names(in data: DispatchData) -> [String] {
        String(decoding: Data(data), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }
}

// MARK: - Dispatch source handler

extension ImageCache {
    /// The bug: the handler is formed here, so it is `@MainActor`, and the
    /// source runs it on `queue`. (The same with a memory-pressure source.)
    public func watchMemoryPressure(on queue: DispatchQueue) {
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        source.setEventHandler { [weak self] in
            self?.trim()
        }
        source.activate()
        pressure = source
        log("watching memory pressure")
    }
}

// MARK: - Completion handler on another queue

extension ImageCache {
    /// The bug: the completion handler is `@MainActor` and runs on a global
    /// queue, as an SDK's completion handler runs on the SDK's queue.
    public func loadIndex(from path: String, completion: @escaping () -> Void) {
        let file = open(path, O_RDONLY)
        guard file >= 0 else {
            log("cannot open \(path)")
            return completion()
        }
        log("reading the index")
        DispatchIO.read(
            fromFileDescriptor: file, maxLength: 1 << 20,
            runningHandlerOn: .global()
        ) { data, _ in
            close(file)
            self.index(Self.names(in: data))
            completion()
        }
    }
}

// MARK: - Fixed: `@Sendable` closures that hop to the main queue

extension ImageCache {
    /// A `@Sendable` closure is never inferred to be `@MainActor`: it runs on
    /// the source's queue unchecked and hops to the main queue for the state.
    public func watchMemoryPressureSafely(on queue: DispatchQueue) {
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        source.setEventHandler { @Sendable [weak self] in
            DispatchQueue.main.async { self?.trim() }
        }
        source.activate()
        pressure = source
        log("watching memory pressure")
    }

    /// The same for a completion handler: `@Sendable`, then the main queue.
    public func loadIndexSafely(
        from path: String,
        completion: @escaping @Sendable () -> Void
    ) {
        let file = open(path, O_RDONLY)
        guard file >= 0 else {
            log("cannot open \(path)")
            return completion()
        }
        log("reading the index")
        DispatchIO.read(
            fromFileDescriptor: file, maxLength: 1 << 20,
            runningHandlerOn: .global()
        ) { @Sendable [weak self] data, _ in
            close(file)
            let names = Self.names(in: data)
            DispatchQueue.main.async {
                self?.index(names)
                completion()
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ImageCache {
    /// Stands in for the system reporting memory pressure.
    public func simulateMemoryPressure() {
        pressure?.add(data: 1)
    }

    /// Stops the source.
    public func stopWatching() {
        pressure?.cancel()
        pressure = nil
    }
}
