import Foundation

/// GooglyPuff's `PhotoManager`: reads run in parallel on a private concurrent
/// queue, and each write is a barrier that runs alone.
///
/// `photos` is a `sync` read on the queue, so readers run side by side and each
/// gets a complete copy. `addPhoto` is an `async` barrier: it waits for the
/// reads in progress, runs alone, and then posts "content added" from the main
/// queue. Only a *custom concurrent* queue makes this work: on a serial queue
/// the barrier is pointless, and on a global queue it is silently a plain
/// `async`.
public final class PhotoManager: @unchecked Sendable {
    public struct Photo: Hashable, Sendable {
        public let id: Int
        public init(id: Int) { self.id = id }
    }

    /// Posted on the main queue after each photo is added; the object is the
    /// manager.
    public static let contentAddedNotification = Notification.Name(
        "PhotoManagerContentAddedNotification")

    // `@unchecked Sendable`: `_photos` is only written in barrier blocks on
    // `concurrentPhotoQueue`, and only read with `concurrentPhotoQueue.sync`.
    private let concurrentPhotoQueue = DispatchQueue(
        label: "com.raywenderlich.GooglyPuff.photoQueue",
        attributes: .concurrent
    )
    private var _photos: [Photo] = []

    public init() {}

    public func addPhoto(_ photo: Photo) {
        concurrentPhotoQueue.async(flags: .barrier) { [self] in
            _photos.append(photo)
            DispatchQueue.main.async { self.postContentAddedNotification() }
        }
    }

    public var photos: [Photo] {
        concurrentPhotoQueue.sync { _photos }
    }

    private func postContentAddedNotification() {
        NotificationCenter.default.post(
            name: Self.contentAddedNotification, object: self)
    }
}

// MARK: - Synchronous reads that run side by side

// The class above already has both: `photos` is a plain synchronous property,
// and `sync` reads on the concurrent queue run in parallel with each other.
// The actor keeps neither (every read is an `await`, and reads take turns);
// the `Mutex` variant beside this keeps the first and nearly the second: a
// read holds the lock only to copy the array reference.

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

    /// `writers` blocks add `addsPerWriter` photos each, while `readers`
    /// threads read `photos` `readsPerReader` times each; `contentAdded` runs
    /// on the main queue for every notification, and `completion` gets the
    /// report once all of them have arrived.
    public static func exercise(
        writers: Int,
        addsPerWriter: Int,
        readers: Int,
        readsPerReader: Int,
        contentAdded: @escaping @Sendable () -> Void,
        completion: @escaping @Sendable (Report) -> Void
    ) {
        let manager = PhotoManager()
        let tally = ReportTally()
        tally.observer = NotificationCenter.default.addObserver(
            forName: contentAddedNotification,
            object: manager,
            queue: nil  // delivered on the posting queue: main
        ) { _ in
            tally.update { $0.contentAddedNotifications += 1 }
            contentAdded()
        }
        let everyone = DispatchGroup()
        for writer in 0..<writers {
            DispatchQueue.global().async(group: everyone) {
                for index in 0..<addsPerWriter {
                    manager.addPhoto(Photo(id: writer * addsPerWriter + index))
                }
            }
        }
        for _ in 0..<readers {
            // Readers get threads of their own: a `sync` read blocks its thread
            // while a barrier runs, and readers blocked on pool threads can
            // leave no thread to run the barrier.
            everyone.enter()
            Thread {
                defer { everyone.leave() }
                var previousCount = 0
                var seenFewer = false
                var torn = 0
                for _ in 0..<readsPerReader {
                    let snapshot = manager.photos
                    if !isComplete(snapshot, addsPerWriter: addsPerWriter) {
                        torn += 1
                    }
                    if snapshot.count < previousCount { seenFewer = true }
                    previousCount = snapshot.count
                }
                tally.update {
                    $0.reads += readsPerReader
                    $0.tornReads += torn
                    $0.readersSeeingFewer += seenFewer ? 1 : 0
                }
            }.start()
        }
        everyone.notify(queue: .global()) {
            // This read queues behind every barrier, so every notification is
            // already on the main queue, ahead of the block below.
            let finalCount = manager.photos.count
            DispatchQueue.main.async {
                tally.stopObserving()
                tally.update { $0.finalCount = finalCount }
                completion(tally.report)
            }
        }
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

    /// Collects the findings, and keeps the notification observer until the run
    /// ends.
    private final class ReportTally: @unchecked Sendable {
        // `@unchecked Sendable`: `value` and `token` are only read and written
        // while holding `lock`.
        private let lock = NSLock()
        private var value = Report()
        private var token: (any NSObjectProtocol)?

        func update(_ change: (inout Report) -> Void) {
            lock.withLock { change(&value) }
        }
        var report: Report { lock.withLock { value } }

        var observer: (any NSObjectProtocol)? {
            get { lock.withLock { token } }
            set { lock.withLock { token = newValue } }
        }

        func stopObserving() {
            if let observer {
                NotificationCenter.default.removeObserver(observer)
            }
        }
    }
}
