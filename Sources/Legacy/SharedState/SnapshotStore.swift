import Foundation

/// Versioned data behind a `pthread_rwlock_t`: readers share the read lock,
/// and the writer takes the write lock to overwrite the data in place.
///
/// Readers run side by side and never see a half-written version, but they
/// wait whenever the writer holds the lock, and the writer waits for every
/// reader. glibc's default lock also prefers readers: a steady stream of them
/// can keep the writer out indefinitely, which is where write preference and
/// read-copy-update come in. The lock lives on the heap: a pthread lock must
/// never move, and a Swift stored property may.
public final class SnapshotStore: @unchecked Sendable {
    // `@unchecked Sendable`: `values` is written only while holding the write
    // lock, and read only while holding the read lock.
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    private var values: [Int]

    public init(width: Int = 4) {
        lock = .allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
        values = Array(repeating: 0, count: width)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Writes `version` into every slot, under the write lock.
    public func publish(_ version: Int) {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        for index in values.indices { values[index] = version }
    }

    /// A copy of every slot, under the read lock.
    public func read() -> [Int] {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return values
    }
}

// MARK: - Read-copy-update: swap an immutable snapshot under a short lock

extension SnapshotStore {
    /// One version of the data; immutable, so it is read with no lock.
    public final class Snapshot: Sendable {
        public let version: Int
        public let values: [Int]

        public init(version: Int, width: Int = 4) {
            self.version = version
            self.values = Array(repeating: version, count: width)
        }
    }

    /// The writer builds each version outside the lock and holds the write
    /// lock only to swap one reference; readers hold the read lock only to
    /// copy it.
    public final class Publisher: @unchecked Sendable {
        // `@unchecked Sendable`: `current` is replaced only while holding the
        // write lock, and read only while holding the read lock.
        private let lock: UnsafeMutablePointer<pthread_rwlock_t>
        private var current = Snapshot(version: 0)

        public init() {
            lock = .allocate(capacity: 1)
            pthread_rwlock_init(lock, nil)
        }

        deinit {
            pthread_rwlock_destroy(lock)
            lock.deallocate()
        }

        public func publish(_ version: Int) {
            let next = Snapshot(version: version)
            pthread_rwlock_wrlock(lock)
            current = next
            pthread_rwlock_unlock(lock)
        }

        public var snapshot: Snapshot {
            pthread_rwlock_rdlock(lock)
            defer { pthread_rwlock_unlock(lock) }
            return current
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension SnapshotStore {
    /// What the readers of a run saw.
    public struct Report: Sendable, Equatable {
        public var finalVersion = 0
        /// Reads whose slots did not all hold the same version.
        public var inconsistentReads = 0
        /// Readers that saw the version go down between two of their reads.
        public var readersSeeingOlder = 0
    }

    /// One writer thread publishes versions 1…`versions` while `readers`
    /// threads each `read` `samples` times; `completion` gets the report.
    public static func exercise(
        versions: Int,
        readers: Int,
        samples: Int,
        publish: @escaping @Sendable (Int) -> Void,
        read: @escaping @Sendable () -> [Int],
        completion: @escaping @Sendable (Report) -> Void
    ) {
        let tally = Tally()
        let everyone = DispatchGroup()
        for _ in 0..<readers {
            everyone.enter()
            Thread {
                defer { everyone.leave() }
                var previous = 0
                var reader = Report()
                for _ in 0..<samples {
                    let values = read()
                    let version = values.first ?? 0
                    if values.contains(where: { $0 != version }) {
                        reader.inconsistentReads += 1
                    }
                    if version < previous { reader.readersSeeingOlder = 1 }
                    previous = version
                }
                tally.add(reader)
            }.start()
        }
        everyone.enter()
        Thread {
            for version in 1...versions { publish(version) }
            everyone.leave()
        }.start()
        everyone.notify(queue: .global()) {
            var report = tally.report
            report.finalVersion = read().first ?? 0
            completion(report)
        }
    }

    /// Adds up the readers' findings.
    final class Tally: @unchecked Sendable {
        // `@unchecked Sendable`: `total` is only touched while holding `lock`.
        private let lock = NSLock()
        private var total = Report()

        func add(_ reader: Report) {
            lock.withLock {
                total.inconsistentReads += reader.inconsistentReads
                total.readersSeeingOlder += reader.readersSeeingOlder
            }
        }

        var report: Report { lock.withLock { total } }
    }
}
