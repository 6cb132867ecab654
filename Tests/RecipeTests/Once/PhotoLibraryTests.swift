import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

/// `shared` lives for the whole test process, so whichever test touches it first is the first
/// access; every test sees the one instance, however many use it, and in whatever order. (That
/// the initialiser itself runs once is the rule `a-static-let-is-initialised-once`, checked by its
/// own program under `Rules/`.)
@Suite(.timeLimit(.minutes(1))) struct PhotoLibraryTests {
    @Test func legacySharedIsCreatedOnceForAHundredConcurrentCallers() async {
        let identities = await onOwnThread {
            let seen = OnceTestBox<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                let identity = ObjectIdentifier(Legacy.PhotoLibrary.shared)
                _ = seen.withLock { $0.insert(identity) }
            }
            return seen.current
        }
        #expect(identities == [ObjectIdentifier(Legacy.PhotoLibrary.shared)])
    }

    @Test func modernSharedIsCreatedOnceForAHundredConcurrentCallers() async {
        let instances = await withTaskGroup(of: Modern.PhotoLibrary.self) { group in
            for _ in 0..<100 { group.addTask { Modern.PhotoLibrary.shared } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(instances.count == 100)
        #expect(instances.allSatisfy { $0 === Modern.PhotoLibrary.shared })
    }

    @Test func aFreshLibraryIsNotTheSharedOne() {
        #expect(Legacy.PhotoLibrary() !== Legacy.PhotoLibrary.shared)
        #expect(Modern.PhotoLibrary() !== Modern.PhotoLibrary.shared)
    }

    @Test func legacyCountsAThousandConcurrentAdds() async {
        let library = Legacy.PhotoLibrary()
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 1_000) { index in
                library.add(Legacy.PhotoLibrary.Photo(id: index))
            }
        }
        #expect(library.count == 1_000)
    }

    @Test func modernCountsAThousandConcurrentAdds() async {
        let library = Modern.PhotoLibrary()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1_000 {
                group.addTask { library.add(Modern.PhotoLibrary.Photo(id: index)) }
            }
        }
        #expect(library.count == 1_000)
    }

    /// Callers register under the lock before `library(completion:)` returns, so all 100 are
    /// waiting when the test lets the one load finish.
    @Test func legacyLoaderStartsOneLoadForConcurrentCallers() async {
        let loads = OnceTestBox(0)
        let pending = OnceTestBox<[Legacy.PhotoLibraryLoader.Completion]>([])
        let loader = Legacy.PhotoLibraryLoader { done in
            loads.withLock { $0 += 1 }
            pending.withLock { $0.append(done) }
        }
        let received = OnceTestBox<[ObjectIdentifier]>([])
        let everyone = DispatchGroup()
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                everyone.enter()
                loader.library { library in
                    received.withLock { $0.append(ObjectIdentifier(library)) }
                    everyone.leave()
                }
            }
        }
        #expect(received.current.isEmpty)  // nobody has a library before the load finishes
        let library = Legacy.PhotoLibrary()
        for done in pending.current { done(library) }
        await withCheckedContinuation { finished in everyone.notify(queue: .global()) { finished.resume() } }
        #expect(loads.current == 1)
        #expect(received.current == Array(repeating: ObjectIdentifier(library), count: 100))
    }

    @Test func modernLoaderStartsOneLoadForConcurrentCallers() async throws {
        let signal = OnceTestSignal()
        let loader = Modern.PhotoLibraryLoader {
            signal.arrive()
            await signal.waitUntilOpen()
            return Modern.PhotoLibrary()
        }
        let callers = Task {
            await withTaskGroup(of: Modern.PhotoLibrary.self) { group in
                for _ in 0..<100 { group.addTask { await loader.library() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        await signal.arrivals(1)
        // A second load must not start while the first one runs: bounded wait.
        try await Task.sleep(for: .milliseconds(30))
        #expect(signal.arrived == 1)
        signal.open()
        let libraries = await callers.value
        #expect(libraries.count == 100)
        #expect(libraries.allSatisfy { $0 === libraries[0] })
        #expect(signal.arrived == 1)
    }

    @Test func loadedLibraryIsReturnedWithoutLoadingAgain() async {
        let legacyLoads = OnceTestBox(0)
        let legacy = Legacy.PhotoLibraryLoader { done in
            legacyLoads.withLock { $0 += 1 }
            done(Legacy.PhotoLibrary())
        }
        let legacyFirst = await withCheckedContinuation { done in legacy.library { done.resume(returning: $0) } }
        let legacySecond = await withCheckedContinuation { done in legacy.library { done.resume(returning: $0) } }
        #expect(legacyFirst === legacySecond)
        #expect(legacyLoads.current == 1)

        let modernLoads = OnceTestBox(0)
        let modern = Modern.PhotoLibraryLoader {
            modernLoads.withLock { $0 += 1 }
            return Modern.PhotoLibrary()
        }
        let modernFirst = await modern.library()
        let modernSecond = await modern.library()
        #expect(modernFirst === modernSecond)
        #expect(modernLoads.current == 1)
    }

    /// The contrast: `static let` covers synchronous creation; creation that awaits needs the
    /// single-flight loader. Under the same 100 concurrent callers both create exactly one instance.
    @Test func staticLetAndSingleFlightLoaderEachCreateOneInstance() async {
        let loads = OnceTestBox(0)
        let loader = Modern.PhotoLibraryLoader {
            loads.withLock { $0 += 1 }
            await Task.yield()  // creation that suspends: impossible in a `static let`
            return Modern.PhotoLibrary()
        }
        let pairs = await withTaskGroup(of: (ObjectIdentifier, ObjectIdentifier).self) { group in
            for _ in 0..<100 {
                group.addTask {
                    (ObjectIdentifier(Modern.PhotoLibrary.shared), ObjectIdentifier(await loader.library()))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(pairs.map(\.0)).count == 1)
        #expect(Set(pairs.map(\.1)).count == 1)
        #expect(loads.current == 1)
    }
}
