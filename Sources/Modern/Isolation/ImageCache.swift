import Dispatch
import Foundation

/// An image cache that states where each Dispatch callback runs: the handlers
/// are formed in `nonisolated` code or marked `@Sendable`, and they reach the
/// main actor by a stream, an `await` or an explicit hop.
///
/// A closure handed to Dispatch runs on Dispatch's queue. Formed in
/// nonisolated code it has no actor to inherit, so nothing is checked at run
/// time that the compiler has not checked already; whatever touches the
/// cache's state runs on the main actor because the code says so.
@MainActor
public final class ImageCache {
    private let log: @Sendable (String) -> Void
    private var images = ["a.png", "b.png", "c.png"]
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
}

// MARK: - Dispatch source handler

/// A Dispatch source's events as a stream, consumed wherever the caller is.
///
/// The handlers are formed in a `nonisolated` function: they only yield and
/// finish, on the source's queue, so there is no isolation to check there.
/// Cancelling the source finishes the stream, and the stream's end (its
/// consumer left the loop, or its task was cancelled) cancels the source.
public nonisolated func events(
    of source: DispatchSourceUserDataAdd
) -> AsyncStream<UInt> {
    // `any DispatchSourceUserDataAdd` is not `Sendable`; the class behind it
    // is, and `onTermination` (a `@Sendable` closure) must capture it.
    let cancellable = source as! DispatchSource
    return AsyncStream { continuation in
        source.setEventHandler { continuation.yield(source.data) }
        source.setCancelHandler { continuation.finish() }
        continuation.onTermination = { _ in cancellable.cancel() }
        source.activate()
    }
}

extension ImageCache {
    /// Trims on each event, on the main actor, until the stream finishes or
    /// the task is cancelled.
    public func watchMemoryPressure(_ events: AsyncStream<UInt>) async {
        log("watching memory pressure")
        for await _ in events { trim() }
    }
}

// MARK: - Completion handler on another queue

/// Reads and parses the index off the caller's actor (`@concurrent`); the
/// `DispatchIO` callback only resumes the continuation, with the bytes or the
/// read's error.
@concurrent
public nonisolated func readIndex(at path: String) async throws -> [String] {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
    let data: Data = try await withCheckedThrowingContinuation { continuation in
        DispatchIO.read(
            fromFileDescriptor: file, maxLength: 1 << 20,
            runningHandlerOn: .global()
        ) { data, error in
            close(file)
            if error != 0, let code = POSIXErrorCode(rawValue: error) {
                continuation.resume(throwing: POSIXError(code))
            } else {
                continuation.resume(returning: Data(data))
            }
        }
    }
    return String(decoding: data, as: UTF8.self)
        .split(separator: "\n").map(String.init)
}

extension ImageCache {
    /// Awaits the index; the assignment runs back on the main actor.
    public func loadIndex(from path: String) async throws {
        log("reading the index")
        index(try await readIndex(at: path))
    }
}

// MARK: - Fixed: `@Sendable` closures that hop to the main queue

extension ImageCache {
    /// Where a callback must stay a callback: `@Sendable`, then a hop.
    public func watchMemoryPressure(hopping source: DispatchSourceUserDataAdd) {
        source.setEventHandler { @Sendable [weak self] in
            Task { @MainActor in self?.trim() }
        }
        source.activate()
        log("watching memory pressure")
    }

    /// Only where the queue is provably main: a source on `.main`.
    public func watchMainQueue(_ source: DispatchSourceUserDataAdd) {
        source.setEventHandler { @Sendable [weak self] in
            MainActor.assumeIsolated { self?.trim() }
        }
        source.activate()
        log("watching memory pressure")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ImageCache {
    /// Watches a source on `queue` through the stream, signals one event (as
    /// the system signals memory pressure), waits for the trim, then stops.
    public func trimOnce(on queue: DispatchQueue) async {
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        let stream = events(of: source)
        let watching = Task { await self.watchMemoryPressure(stream) }
        await withCheckedContinuation { trimmed in
            onTrimmed = { trimmed.resume() }
            source.add(data: 1)
        }
        source.cancel()
        await watching.value
        onTrimmed = {}
    }

    /// The same with a handler that hops (on `.main`: `assumeIsolated`).
    public func trimOnceHopping(on queue: DispatchQueue) async {
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        await withCheckedContinuation { trimmed in
            onTrimmed = { trimmed.resume() }
            if queue === DispatchQueue.main {
                watchMainQueue(source)
            } else {
                watchMemoryPressure(hopping: source)
            }
            source.add(data: 1)
        }
        source.cancel()
        onTrimmed = {}
    }
}
