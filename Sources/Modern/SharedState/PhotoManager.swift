import Synchronization

/// GooglyPuff's `PhotoManager` as an actor: every read and write runs on the
/// actor, one at a time, and "content added" is an `AsyncStream` of the photos
/// added.
///
/// The actor's serial executor replaces the concurrent queue, its barriers and
/// its `sync` reads: writes are exclusive and reads see whole arrays, checked
/// by the compiler instead of by a comment. Reads take turns too; for reads
/// this short that is not what costs (the page has the numbers), and the
/// `Mutex` variant below keeps them synchronous. The notification becomes a
/// stream that a `@MainActor` task consumes; an `AsyncStream` has one consumer,
/// so give each listener its own stream if there are several.
public actor PhotoManager {
    public struct Photo: Hashable, Sendable {
        public let id: Int
        public init(id: Int) { self.id = id }
    }

    /// One element per photo added, in the order they were added.
    public nonisolated let contentAdded: AsyncStream<Photo>
    private let contentAddedContinuation: AsyncStream<Photo>.Continuation
    private var _photos: [Photo] = []

    public init() {
        (contentAdded, contentAddedContinuation) = AsyncStream.makeStream(
            of: Photo.self)
    }

    deinit { contentAddedContinuation.finish() }

    public func addPhoto(_ photo: Photo) {
        _photos.append(photo)
        contentAddedContinuation.yield(photo)
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
public nonisolated final class LockedPhotoManager: Sendable {
    public typealias Photo = PhotoManager.Photo

    /// One element per photo added, in the order they were added.
    public let contentAdded: AsyncStream<Photo>
    private let contentAddedContinuation: AsyncStream<Photo>.Continuation
    private let _photos = Mutex<[Photo]>([])

    public init() {
        (contentAdded, contentAddedContinuation) = AsyncStream.makeStream(
            of: Photo.self)
    }

    deinit { contentAddedContinuation.finish() }

    public func addPhoto(_ photo: Photo) {
        _photos.withLock { $0.append(photo) }
        contentAddedContinuation.yield(photo)
    }

    public var photos: [Photo] { _photos.withLock { $0 } }
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
        public var contentAddedNotifications = 0
    }

    /// `writers` tasks add `addsPerWriter` photos each, while `readers` tasks
    /// read `photos` `readsPerReader` times each; `contentAdded` runs on the
    /// main actor for every photo added.
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
            add: { manager.addPhoto($0) },
            read: { manager.photos })
    }

    private static func drive(
        writers: Int,
        addsPerWriter: Int,
        readers: Int,
        readsPerReader: Int,
        contentAdded: @escaping @MainActor @Sendable () -> Void,
        stream: AsyncStream<Photo>,
        add: @escaping @Sendable (Photo) async -> Void,
        read: @escaping @Sendable () async -> [Photo]
    ) async -> Report {
        let expected = writers * addsPerWriter
        let listener = Task { @MainActor in
            var notifications = 0
            for await _ in stream {
                contentAdded()
                notifications += 1
                if notifications == expected { break }
            }
            return notifications
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
