import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// Thread counts are read process-wide, so these tests run one at a time.
@Suite(.serialized) struct SpawnAndJoinTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// How the workers run: each does its unit at once, or all wait until every one exists.
    enum Form: String, CaseIterable, Sendable {
        case spawnAndJoin, allWaiting
    }

    /// Runs `workers` workers on one side; each adds its index to the returned set. `whileAllAlive`
    /// runs (on the spawning thread or task) when every worker of the waiting form exists.
    static func run(
        _ side: Side, _ form: Form, workers: Int, whileAllAlive: @escaping @Sendable () -> Void = {}
    ) async -> Set<Int> {
        let done = Locked<Set<Int>>([])
        let work: @Sendable (Int) -> Void = { index in _ = done.withLock { $0.insert(index) } }
        switch (side, form) {
        case (.legacy, .spawnAndJoin):
            await onOwnThread { Legacy.SpawnAndJoin.threads(count: workers, work: work) }
        case (.legacy, .allWaiting):
            await onOwnThread {
                Legacy.SpawnAndJoin.threadsAllWaiting(count: workers, whileAllAlive: whileAllAlive, work: work)
            }
        case (.modern, .spawnAndJoin):
            await Modern.SpawnAndJoin.tasks(count: workers, work: work)
        case (.modern, .allWaiting):
            await Modern.SpawnAndJoin.tasksAllWaiting(count: workers, whileAllAlive: whileAllAlive, work: work)
        }
        return done.withLock { $0 }
    }

    @Test(arguments: Side.allCases, Form.allCases)
    func everyWorkerDoesItsUnitOnce(_ side: Side, form: Form) async {
        let done = await Self.run(side, form, workers: 300)
        #expect(done == Set(0..<300))
    }

    @Test(arguments: Side.allCases, Form.allCases)
    func zeroWorkersIsFine(_ side: Side, form: Form) async {
        #expect(await Self.run(side, form, workers: 0).isEmpty)
    }

    /// With every worker waiting, the legacy side has a thread per worker; the modern side's tasks
    /// are suspended, and the process has no more threads than before plus the pool (one per core).
    @Test func legacyAddsAThreadPerWaitingWorkerModernAddsNone() async throws {
        let workers = 200
        _ = await Self.run(.modern, .allWaiting, workers: workers)  // let the pool reach its width
        let before = try #require(await ProcessThreads.settled(atMost: 0, patience: .zero))

        let legacyPeak = Locked<Int?>(nil)
        _ = await Self.run(.legacy, .allWaiting, workers: workers) {
            legacyPeak.withLock { $0 = ProcessThreads.count() }
        }
        let legacyAdded = try #require(legacyPeak.withLock { $0 }) - before
        // The workers and the `onOwnThread` driver that spawned them; a thread left over from an
        // earlier test may have exited meanwhile.
        #expect(legacyAdded >= workers - 2)

        _ = await ProcessThreads.settled(atMost: before)
        let modernPeak = Locked<Int?>(nil)
        _ = await Self.run(.modern, .allWaiting, workers: workers) {
            modernPeak.withLock { $0 = ProcessThreads.count() }
        }
        let modernAdded = try #require(modernPeak.withLock { $0 }) - before
        #expect(modernAdded <= ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Every thread a scenario starts has exited when it returns: the count settles back to where it
    /// was (at most; idle pool or Dispatch threads may also have gone).
    @Test(arguments: Side.allCases, Form.allCases)
    func threadCountReturnsToWhereItStarted(_ side: Side, form: Form) async throws {
        _ = await Self.run(side, form, workers: 50)  // warm up: the pool and the driver thread
        let before = try #require(await ProcessThreads.settled(atMost: 0, patience: .zero))
        _ = await Self.run(side, form, workers: 300)
        let after = try #require(await ProcessThreads.settled(atMost: before))
        #expect(after <= before)
    }
}
