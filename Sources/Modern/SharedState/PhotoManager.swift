import Synchronization

/// GooglyPuff's `PhotoManager` as an actor: every read and write runs on the
/// actor, one at a time, and "content added" wakes the listener once per batch
/// of photos added.
///
/// The actor's serial executor replaces the concurrent queue, its barriers and
/// its `sync` reads: writes are exclusive and reads see whole arrays, checked
/// by the compiler instead of by a comment. Reads take turns too; for reads
/// this short that is not what costs (the page has the numbers), and the
/// `Mutex` variant below keeps them synchronous.
///
/// The notification becomes a signal and a list. `addPhoto` appends to
/// `unannounced` and signals `contentAdded` only when the list was empty; a
/// `@MainActor` listener wakes, takes the list with `takeAdded()` and updates
/// the UI once for all of it. Photos added while the listener is busy join the
/// next batch instead of costing a main-actor wake-up each, and the batches,
/// read one after another, are the photos in the order they were added. The
/// signal buffers at most one element; with no listener, `unannounced` keeps
/// every photo added until someone takes it. An `AsyncStream` has one
/// consumer, so give each listener its own manager or its own signal. The
/// listener task keeps the manager alive: cancel it when its view goes (the
/// `for await` ends on cancellation).
public actor PhotoManager {
    public struct Photo: Hashable, Sendable {
        public let id: Int
        public init(id: Int) { self.id = id }
    }

    /// An element whenever photos were added since the last `takeAdded()`;
    /// several adds before the listener takes them make one element.
    public nonisolated let contentAdded: AsyncStream<Void>
    private let contentAddedContinuation: AsyncStream<Void>.Continuation
    private var _photos: [Photo] = []
    private var unannounced: [Photo] = []

    public init() {
        (contentAdded, contentAddedContinuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit { contentAddedContinuation.finish() }

    public func addPhoto(_ photo: Photo) {
        _photos.append(photo)
        unannounced.append(photo)
        if unannounced.count == 1 { contentAddedContinuation.yield() }
    }

    /// The photos added since the last call, in the order they were added
    /// (empty when an earlier call already took them).
    public func takeAdded() -> [Photo] {
        defer { unannounced = [] }
        return unannounced
    }

    public var photos: [Photo] { _photos }
}

// MARK: - Or a Mutex: synchronous calls, reads that barely wait

/// The same manager as a `Sendable` class around a `Mutex`: no `await` at the
/// call sites, and a read holds the lock only to copy the array reference
/// (copy-on-write makes that a snapshot), so readers hardly wait for each
/// other or for a writer. Use it when the calls are short and the callers
/// synchronous or hot; keep the actor when callers can `await` and the
/// operations grow.
///
/// The signal is sent inside the lock, with the append: `yield` never blocks
/// and calls nothing back, and a signal sent after the unlock could reach the
/// listener after a later writer's.
public nonisolated final class LockedPhotoManager: Sendable {
    public typealias Photo = PhotoManager.Photo

    private struct State {
        var photos: [Photo] = []
        var unannounced: [Photo] = []
    }

    /// An element whenever photos were added since the last `takeAdded()`;
    /// several adds before the listener takes them make one element.
    public let contentAdded: AsyncStream<Void>
    private let contentAddedContinuation: AsyncStream<Void>.Continuation
    private let state = Mutex(State())

    public init() {
        (contentAdded, contentAddedContinuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit { contentAddedContinuation.finish() }

    public func addPhoto(_ photo: Photo) {
        state.withLock {
            $0.photos.append(photo)
            $0.unannounced.append(photo)
            if $0.unannounced.count == 1 { contentAddedContinuation.yield() }
        }
    }

    /// The photos added since the last call, in the order they were added
    /// (empty when an earlier call already took them).
    public func takeAdded() -> [Photo] {
        state.withLock { state in
            defer { state.unannounced = [] }
            return state.unannounced
        }
    }

    public var photos: [Photo] { state.withLock { $0.photos } }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PhotoManager {
    /// What the readers of a run saw, and how often "content added" arrived.
    public struct Report: Sendable, Equatable {
        public var finalCount = 0
        public var reads = 0
        /// Reads that were not a complete snapshot (a writer's photos missing
        /// from the middle).
        public var tornReads = 0
        /// Readers that saw the count go down between two of their reads.
        public var readersSeeingFewer = 0
        /// Photos the listener took from `takeAdded()`, one `contentAdded`
        /// call each.
        public var contentAddedNotifications = 0
    }

    /// `writers` tasks add `addsPerWriter` photos each, while `readers` tasks
    /// read `photos` `readsPerReader` times each; a `@MainActor` listener takes
    /// the photos added batch by batch and calls `contentAdded` once for each.
    public static func exercise(
        writers: Int,
        addsPerWriter: Int,
        readers: Int,
        readsPerReader: Int,
        contentAdded: @escaping @MainActor @Sendable () -> Void
    ) async -> Report {
        let manager = PhotoManager()
        return await drive(
            writers: writers, addsPerWriter: addsPerWriter, readers: readers,
            readsPerReader: readsPerReader, contentAdded: contentAdded,
            stream: manager.contentAdded,
            takeAdded: { await manager.takeAdded() },
            add: { await manager.addPhoto($0) },
            read: { await manager.photos })
    }

    /// The same run against `LockedPhotoManager`.
    public static func exerciseLocked(
        writers: Int,
        addsPerWriter: Int,
        readers: Int,
        readsPerReader: Int,
        contentAdded: @escaping @MainActor @Sendable () -> Void
    ) async -> Report {
        let manager = LockedPhotoManager()
        return await drive(
            writers: writers, addsPerWriter: addsPerWriter, readers: readers,
            readsPerReader: readsPerReader, contentAdded: contentAdded,
            stream: manager.contentAdded,
            takeAdded: { manager.takeAdded() },
            add: { manager.addPhoto($0) },
            read: { manager.photos })
    }

    private static func drive(
        writers: Int,
        addsPerWriter: Int,
        readers: Int,
        readsPerReader: Int,
        contentAdded: @escaping @MainActor @Sendable () -> Void,
        stream: AsyncStream<Void>,
        takeAdded: @escaping @Sendable () async -> [Photo],
        add: @escaping @Sendable (Photo) async -> Void,
        read: @escaping @Sendable () async -> [Photo]
    ) async -> Report {
        let expected = writers * addsPerWriter
        let listener = Task { @MainActor in
            var announced = 0
            for await _ in stream {
                for _ in await takeAdded() {
                    contentAdded()
                    announced += 1
                }
                if announced == expected { break }
            }
            return announced
        }
        var report = await withTaskGroup(of: Report.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<addsPerWriter {
                        await add(Photo(id: writer * addsPerWriter + index))
                    }
                    return Report()
                }
            }
            for _ in 0..<readers {
                group.addTask {
                    var reader = Report(reads: readsPerReader)
                    var previousCount = 0
                    for _ in 0..<readsPerReader {
                        let snapshot = await read()
                        if !isComplete(snapshot, addsPerWriter: addsPerWriter) {
                            reader.tornReads += 1
                        }
                        if snapshot.count < previousCount {
                            reader.readersSeeingFewer = 1
                        }
                        previousCount = snapshot.count
                    }
                    return reader
                }
            }
            return await group.reduce(into: Report()) { total, part in
                total.reads += part.reads
                total.tornReads += part.tornReads
                total.readersSeeingFewer += part.readersSeeingFewer
            }
        }
        report.finalCount = await read().count
        report.contentAddedNotifications = await listener.value
        return report
    }

    /// Whether each writer's photos form an unbroken run 0, 1, 2, … in the
    /// snapshot.
    static func isComplete(_ snapshot: [Photo], addsPerWriter: Int) -> Bool {
        var next: [Int: Int] = [:]
        for photo in snapshot {
            let writer = photo.id / addsPerWriter
            guard photo.id % addsPerWriter == next[writer, default: 0] else {
                return false
            }
            next[writer, default: 0] += 1
        }
        return true
    }
}
