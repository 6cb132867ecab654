import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct GatedCacheTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    func run(_ side: Side, accessors: Int) async -> (counts: (initialisations: Int, sawLoaded: Int), lines: [String]) {
        let recorder = Recorder()
        let log = recorder.logger
        let counts =
            switch side {
            case .legacy: await onOwnThread { Legacy.GatedCache.run(accessors: accessors, log: log) }
            case .modern: await Modern.GatedCache.run(accessors: accessors, log: log)
            }
        return (counts, recorder.lines)
    }

    @Test(arguments: Side.allCases)
    func tenAccessorsFinishAfterInitDone(_ side: Side) async throws {
        let (counts, lines) = await run(side, accessors: 10)
        #expect(counts.initialisations == 1)
        #expect(counts.sawLoaded == 10)
        let done = try #require(lines.firstIndex(of: "init done"))
        #expect(lines.firstIndex(of: "init started")! < done)
        let accessorLines = lines.enumerated().filter { $0.element.hasPrefix("accessor ") }
        #expect(accessorLines.count == 10)
        #expect(accessorLines.allSatisfy { $0.offset > done && $0.element.hasSuffix(": hello") })
    }

    @Test(arguments: Side.allCases)
    func hundredsOfAccessorsShareOneInitialisation(_ side: Side) async {
        let (counts, lines) = await run(side, accessors: 300)
        #expect(counts.initialisations == 1)
        #expect(counts.sawLoaded == 300)
        #expect(lines.count == 302)
    }

    /// The only way out for a legacy accessor: `lock(whenCondition:before:)` with a deadline.
    @Test func legacyAccessorWithADeadlineGivesUpWhileNotReady() async {
        let gate = NSConditionLock(condition: 0)
        let gotIn = await onOwnThread { gate.lock(whenCondition: 1, before: Date(timeIntervalSinceNow: 0.02)) }
        #expect(!gotIn)
        // The legacy cache itself: an accessor after the initialisation gets in at once.
        let cache = Legacy.GatedCache { ["greeting": "hello"] }
        let value = await onOwnThread { cache.value(for: "greeting") }
        #expect(value == "hello")
    }

    @Test func modernCancelledAccessorsNeitherCancelNorRepeatTheInitialisation() async {
        let loads = Mutex(0)
        let loadSawCancellation = Mutex(false)
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        let cache = Modern.GatedCache {
            loads.withLock { $0 += 1 }
            for await _ in opened { break }
            loadSawCancellation.withLock { $0 = Task.isCancelled }
            return ["greeting": "hello"]
        }
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let accessors = (0..<200).map { _ in
            Task {
                start.yield()
                return await cache.value(for: "greeting")
            }
        }
        var count = 0
        for await _ in started {
            count += 1
            if count == 200 { break }
        }
        // Cancelled before the gate opens: half of them, and one more before it even starts.
        for accessor in accessors.prefix(100) { accessor.cancel() }
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await cache.value(for: "greeting")
        }
        open.yield()
        for accessor in accessors { #expect(await accessor.value == "hello") }
        #expect(await early.value == "hello")
        #expect(loads.withLock { $0 } == 1)
        #expect(loadSawCancellation.withLock { $0 } == false)
        // Cancelled after being let through: the cache still answers, and nothing ran again.
        let late = Task { await cache.value(for: "greeting") }
        late.cancel()
        #expect(await late.value == "hello")
        #expect(loads.withLock { $0 } == 1)
    }

    @Test func modernASetDuringTheGateIsNotOverwritten() async {
        let (opened, open) = AsyncStream.makeStream(of: Void.self)
        let cache = Modern.GatedCache {
            for await _ in opened { break }
            return ["greeting": "hello"]
        }
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        // One writer and 49 readers wait at the gate; without the re-check, every reader that got
        // back after the writer would install the loaded entries again over its change.
        let callers = (0..<50).map { index in
            Task {
                start.yield()
                if index == 0 {
                    await cache.set("bonjour", for: "greeting")
                } else {
                    _ = await cache.value(for: "greeting")
                }
            }
        }
        var count = 0
        for await _ in started {
            count += 1
            if count == 50 { break }
        }
        open.yield()
        for caller in callers { await caller.value }
        #expect(await cache.value(for: "greeting") == "bonjour")
    }

    /// A cache released while it loads cancels its initialisation: the load, waiting for a
    /// signal that never comes, sees its task cancelled (an unstructured task with no `deinit` to
    /// cancel it would wait for ever).
    @Test func modernReleasingTheCacheCancelsItsInitialisation() async {
        let (loadStarted, started) = AsyncStream.makeStream(of: Void.self)
        let (loadEnded, ended) = AsyncStream.makeStream(of: Bool.self)
        let (never, keepOpen) = AsyncStream.makeStream(of: Void.self)
        defer { keepOpen.finish() }
        var cache: Modern.GatedCache? = Modern.GatedCache {
            started.yield()
            for await _ in never {}  // ends when the task is cancelled
            ended.yield(Task.isCancelled)
            return [:]
        }
        for await _ in loadStarted { break }
        #expect(cache != nil)
        cache = nil
        var sawCancellation: Bool?
        for await cancelled in loadEnded {
            sawCancellation = cancelled
            break
        }
        #expect(sawCancellation == true)
    }
}
