import Legacy
import Modern
import Testing

@Suite(.timeLimit(.minutes(1))) struct SnapshotStoreTests {
    enum Variant: String, CaseIterable, Sendable {
        case legacyInPlace, legacyPublisher, modernMutex, modernActor
    }

    static func run(_ variant: Variant, versions: Int, readers: Int, samples: Int) async -> (Int, Int, Int) {
        switch variant {
        case .legacyInPlace, .legacyPublisher:
            let store = Legacy.SnapshotStore()
            let publisher = Legacy.SnapshotStore.Publisher()
            let inPlace = variant == .legacyInPlace
            let publish: @Sendable (Int) -> Void = { inPlace ? store.publish($0) : publisher.publish($0) }
            let read: @Sendable () -> [Int] = { inPlace ? store.read() : publisher.snapshot.values }
            let report = await withCheckedContinuation { done in
                Legacy.SnapshotStore.exercise(
                    versions: versions, readers: readers, samples: samples, publish: publish, read: read
                ) { done.resume(returning: $0) }
            }
            return (report.finalVersion, report.inconsistentReads, report.readersSeeingOlder)
        case .modernMutex:
            let store = Modern.SnapshotStore()
            let report = await Modern.SnapshotStore.exercise(
                versions: versions, readers: readers, samples: samples,
                publish: { store.publish($0) }, read: { store.snapshot })
            return (report.finalVersion, report.inconsistentReads, report.readersSeeingOlder)
        case .modernActor:
            let keeper = Modern.SnapshotStore.Keeper()
            let report = await Modern.SnapshotStore.exercise(
                versions: versions, readers: readers, samples: samples,
                publish: { await keeper.publish($0) }, read: { await keeper.snapshot })
            return (report.finalVersion, report.inconsistentReads, report.readersSeeingOlder)
        }
    }

    @Test(arguments: Variant.allCases)
    func everySnapshotIsConsistentAndNoReaderGoesBack(_ variant: Variant) async {
        let (finalVersion, inconsistent, seeingOlder) = await Self.run(
            variant, versions: 1_000, readers: 4, samples: 200)
        #expect(finalVersion == 1_000)
        #expect(inconsistent == 0)
        #expect(seeingOlder == 0)
    }

    /// A reader that holds a snapshot keeps it whole while newer versions are published: nothing
    /// is ever written into a published snapshot, so reading it needs no lock.
    @Test func aHeldSnapshotNeverChanges() async {
        let store = Modern.SnapshotStore()
        store.publish(1)
        let held = store.snapshot
        store.publish(2)
        #expect(held == Modern.SnapshotStore.Snapshot(version: 1))
        #expect(store.snapshot.values == [2, 2, 2, 2])

        let keeper = Modern.SnapshotStore.Keeper()
        await keeper.publish(1)
        let heldFromActor = await keeper.snapshot
        await keeper.publish(2)
        #expect(heldFromActor.values == [1, 1, 1, 1])

        let publisher = Legacy.SnapshotStore.Publisher()
        publisher.publish(1)
        let legacyHeld = publisher.snapshot
        publisher.publish(2)
        #expect(legacyHeld.version == 1 && legacyHeld.values == [1, 1, 1, 1])
        #expect(publisher.snapshot.version == 2)
    }

    /// The in-place store copies the slots out under the read lock: a copy taken before a write
    /// keeps the old version.
    @Test func legacyReadIsACopyTakenUnderTheReadLock() {
        let store = Legacy.SnapshotStore(width: 3)
        #expect(store.read() == [0, 0, 0])
        store.publish(7)
        let copy = store.read()
        store.publish(8)
        #expect(copy == [7, 7, 7])
        #expect(store.read() == [8, 8, 8])
    }
}
