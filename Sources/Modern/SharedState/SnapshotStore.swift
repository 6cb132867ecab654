import Synchronization

/// Read-copy-update with a `Mutex`: the writer builds each version as an
/// immutable value and swaps it in; readers copy the current one out and read
/// it with no lock held.
///
/// The lock is held only to copy or replace one reference (the array buffer
/// inside `Snapshot`), so a reader never waits for the writer's work and
/// never sees a half-written version: a published snapshot is never changed.
/// The old version lives on, untouched, until its last reader lets go. Swift
/// arrays are copy-on-write, so a `[Int]` copied out under any lock is already
/// such a snapshot; the pattern matters when building a version takes time.
public nonisolated final class SnapshotStore: Sendable {
    /// One version of the data; a value, so a copy never changes.
    public struct Snapshot: Sendable, Equatable {
        public let version: Int
        public let values: [Int]

        public init(version: Int, width: Int = 4) {
            self.version = version
            self.values = Array(repeating: version, count: width)
        }
    }

    private let current = Mutex(Snapshot(version: 0))

    public init() {}

    /// Builds the version outside the lock, then swaps it in.
    public func publish(_ version: Int) {
        let next = Snapshot(version: version)
        current.withLock { $0 = next }
    }

    public var snapshot: Snapshot { current.withLock { $0 } }
}

// MARK: - Or an actor that hands out snapshots

extension SnapshotStore {
    /// The same with an actor: every read is an `await`, and reads queue one
    /// behind another on the actor, but each is as short as the `Mutex`'s.
    public actor Keeper {
        public private(set) var snapshot = Snapshot(version: 0)

        public init() {}

        public func publish(_ version: Int) {
            snapshot = Snapshot(version: version)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SnapshotStore {
    /// What the readers of a run saw.
    public nonisolated struct Report: Sendable, Equatable {
        public var finalVersion = 0
        /// Reads whose slots did not all hold the snapshot's version.
        public var inconsistentReads = 0
        /// Readers that saw the version go down between two of their reads.
        public var readersSeeingOlder = 0
    }

    /// One writer task publishes versions 1…`versions` while `readers` tasks
    /// each `read` `samples` times.
    public static func exercise(
        versions: Int,
        readers: Int,
        samples: Int,
        publish: @escaping @Sendable (Int) async -> Void,
        read: @escaping @Sendable () async -> Snapshot
    ) async -> Report {
        var report = await withTaskGroup(of: Report.self) { group in
            group.addTask {
                for version in 1...versions { await publish(version) }
                return Report()
            }
            for _ in 0..<readers {
                group.addTask {
                    var reader = Report()
                    var previous = 0
                    for _ in 0..<samples {
                        let snapshot = await read()
                        if snapshot.values.contains(where: {
                            $0 != snapshot.version
                        }) {
                            reader.inconsistentReads += 1
                        }
                        if snapshot.version < previous {
                            reader.readersSeeingOlder = 1
                        }
                        previous = snapshot.version
                    }
                    return reader
                }
            }
            return await group.reduce(into: Report()) { total, reader in
                total.inconsistentReads += reader.inconsistentReads
                total.readersSeeingOlder += reader.readersSeeingOlder
            }
        }
        report.finalVersion = await read().version
        return report
    }
}
