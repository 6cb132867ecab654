import Dispatch
import Foundation
import Legacy
import Modern
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct PhotoManagerTests {
    /// Counts calls that ran on the main queue or the main actor.
    final class MainCalls: Sendable {
        private let count = Atomic(0)
        func increment() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test func legacyFourWritersAndFourReadersEndWithAThousandCompleteSnapshots() async {
        let onMain = MainCalls()
        let report = await withCheckedContinuation { done in
            Legacy.PhotoManager.exercise(
                writers: 4,
                addsPerWriter: 250,
                readers: 4,
                readsPerReader: 50,
                contentAdded: {
                    dispatchPrecondition(condition: .onQueue(.main))
                    onMain.increment()
                },
                completion: { done.resume(returning: $0) }
            )
        }
        #expect(report.finalCount == 1_000)
        #expect(report.reads == 200)
        #expect(report.tornReads == 0)
        #expect(report.readersSeeingFewer == 0)
        #expect(report.contentAddedNotifications == 1_000)
        #expect(onMain.value == 1_000)
    }

    @Test func modernFourWritersAndFourReadersEndWithAThousandCompleteSnapshots() async {
        let onMain = MainCalls()
        let report = await Modern.PhotoManager.exercise(
            writers: 4,
            addsPerWriter: 250,
            readers: 4,
            readsPerReader: 50,
            contentAdded: { @MainActor in
                MainActor.assertIsolated()
                onMain.increment()
            }
        )
        #expect(report.finalCount == 1_000)
        #expect(report.reads == 200)
        #expect(report.tornReads == 0)
        #expect(report.readersSeeingFewer == 0)
        #expect(report.contentAddedNotifications == 1_000)
        #expect(onMain.value == 1_000)
    }

    @Test func legacyPostsContentAddedOnTheMainQueueAfterTheWrite() async {
        let manager = Legacy.PhotoManager()
        let (counts, countsContinuation) = AsyncStream.makeStream(of: Int.self)
        let observer = NotificationCenter.default.addObserver(
            forName: Legacy.PhotoManager.contentAddedNotification,
            object: manager,
            queue: nil
        ) { _ in
            dispatchPrecondition(condition: .onQueue(.main))
            countsContinuation.yield(manager.photos.count)
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        manager.addPhoto(.init(id: 1))
        var countWhenNotified: Int?
        for await count in counts {
            countWhenNotified = count
            break
        }
        #expect(countWhenNotified == 1)
    }

    /// Three adds before the listener looks make one signal, and one batch
    /// with the three photos in order; the next add signals again.
    @Test func modernSignalsOnceForPhotosAddedBeforeTheListenerTakesThem() async {
        let manager = Modern.PhotoManager()
        for id in 1...3 { await manager.addPhoto(.init(id: id)) }
        var signals = manager.contentAdded.makeAsyncIterator()
        #expect(await signals.next() != nil)
        #expect(await manager.takeAdded().map(\.id) == [1, 2, 3])
        #expect(await manager.takeAdded().isEmpty)
        await manager.addPhoto(.init(id: 4))
        #expect(await signals.next() != nil)
        #expect(await manager.takeAdded().map(\.id) == [4])
    }

    /// 8 writers add 500 photos each at once, 20 times: the batches the
    /// listener takes, one after another, are the array in its order.
    @Test func modernAnnouncesPhotosInTheOrderOfTheArrayWithManyWriters() async {
        for _ in 0..<20 {
            let manager = Modern.PhotoManager()
            let announced = await PhotoManagerTests.announcedOrder(
                writers: 8, addsPerWriter: 500, stream: manager.contentAdded,
                takeAdded: { await manager.takeAdded() },
                add: { await manager.addPhoto($0) })
            #expect(announced == (await manager.photos).map(\.id))
        }
    }

    /// Runs `writers` tasks that add `addsPerWriter` photos each while a
    /// listener takes the batches; returns the ids in the order announced.
    static func announcedOrder(
        writers: Int,
        addsPerWriter: Int,
        stream: AsyncStream<Void>,
        takeAdded: @escaping @Sendable () async -> [Modern.PhotoManager.Photo],
        add: @escaping @Sendable (Modern.PhotoManager.Photo) async -> Void
    ) async -> [Int] {
        let expected = writers * addsPerWriter
        let listener = Task {
            var ids: [Int] = []
            for await _ in stream {
                ids += await takeAdded().map(\.id)
                if ids.count == expected { break }
            }
            return ids
        }
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in 0..<addsPerWriter {
                        await add(.init(id: writer * addsPerWriter + index))
                    }
                }
            }
        }
        return await listener.value
    }

    @Test func aReadIsASnapshotThatLaterWritesDoNotChange() async {
        let legacy = Legacy.PhotoManager()
        legacy.addPhoto(.init(id: 1))
        let legacySnapshot = legacy.photos
        legacy.addPhoto(.init(id: 2))
        #expect(legacySnapshot.map(\.id) == [1])
        #expect(legacy.photos.map(\.id) == [1, 2])

        let modern = Modern.PhotoManager()
        await modern.addPhoto(.init(id: 1))
        let modernSnapshot = await modern.photos
        await modern.addPhoto(.init(id: 2))
        #expect(modernSnapshot.map(\.id) == [1])
        #expect(await modern.photos.map(\.id) == [1, 2])
    }

    /// Each writer's adds land in the order it made them, on both sides.
    @Test func oneWritersPhotosKeepTheirOrder() async {
        let legacy = Legacy.PhotoManager()
        await withCheckedContinuation { done in
            DispatchQueue.global().async {
                for id in 0..<100 { legacy.addPhoto(.init(id: id)) }
                done.resume()
            }
        }
        #expect(legacy.photos.map(\.id) == Array(0..<100))

        let modern = Modern.PhotoManager()
        for id in 0..<100 { await modern.addPhoto(.init(id: id)) }
        #expect(await modern.photos.map(\.id) == Array(0..<100))
    }
}

/// The `Mutex` variant of the modern side.
@Suite(.timeLimit(.minutes(1))) struct LockedPhotoManagerTests {
    @Test func mutexVariantFourWritersAndFourReadersEndWithAThousandCompleteSnapshots() async {
        let onMain = PhotoManagerTests.MainCalls()
        let report = await Modern.PhotoManager.exerciseLocked(
            writers: 4,
            addsPerWriter: 250,
            readers: 4,
            readsPerReader: 50,
            contentAdded: { @MainActor in
                MainActor.assertIsolated()
                onMain.increment()
            }
        )
        #expect(report.finalCount == 1_000)
        #expect(report.reads == 200)
        #expect(report.tornReads == 0)
        #expect(report.readersSeeingFewer == 0)
        #expect(report.contentAddedNotifications == 1_000)
        #expect(onMain.value == 1_000)
    }

    /// No `await`: the Mutex variant is called from synchronous code, and a read is a snapshot
    /// that later writes don't change.
    @Test func mutexVariantIsSynchronousAndReadsAreSnapshots() {
        let manager = Modern.LockedPhotoManager()
        manager.addPhoto(.init(id: 1))
        let snapshot = manager.photos
        manager.addPhoto(.init(id: 2))
        #expect(snapshot.map(\.id) == [1])
        #expect(manager.photos.map(\.id) == [1, 2])
    }

    @Test func mutexVariantSignalsOnceForPhotosAddedBeforeTheListenerTakesThem() async {
        let manager = Modern.LockedPhotoManager()
        for id in 1...3 { manager.addPhoto(.init(id: id)) }
        var signals = manager.contentAdded.makeAsyncIterator()
        #expect(await signals.next() != nil)
        #expect(manager.takeAdded().map(\.id) == [1, 2, 3])
        #expect(manager.takeAdded().isEmpty)
    }

    /// 8 writers add 500 photos each at once, 20 times: the batches the
    /// listener takes are the array in its order. With the signal sent after
    /// the lock was released (one element per photo), two writers could
    /// append p1, p2 and send p2, p1.
    @Test func mutexVariantAnnouncesPhotosInTheOrderOfTheArrayWithManyWriters() async {
        for _ in 0..<20 {
            let manager = Modern.LockedPhotoManager()
            let announced = await PhotoManagerTests.announcedOrder(
                writers: 8, addsPerWriter: 500, stream: manager.contentAdded,
                takeAdded: { manager.takeAdded() },
                add: { manager.addPhoto($0) })
            #expect(announced == manager.photos.map(\.id))
        }
    }
}
