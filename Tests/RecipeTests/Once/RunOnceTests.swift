import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct RunOnceTests {
    @Test func legacyRunsTheBlockOnceForTheClassicCallsAndAHundredConcurrentCallers() async {
        let recorder = Recorder()
        let app = Legacy.RunOnce(log: recorder.logger)
        app.didFinishLaunching()
        app.didFinishLaunching()
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 100) { _ in app.didFinishLaunching() }
        }
        await withCheckedContinuation { done in app.notify { done.resume() } }
        #expect(app.entries == 1)
        #expect(recorder.lines == ["Executed 1 time(s)"])
    }

    @Test func modernRunsTheWorkOnceForTheClassicCallsAndAHundredConcurrentCallers() async {
        let recorder = Recorder()
        let app = Modern.RunOnce(log: recorder.logger)
        await app.didFinishLaunching()
        await app.didFinishLaunching()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { await app.didFinishLaunching() } }
        }
        #expect(await app.entries == 1)
        #expect(recorder.lines == ["Executed 1 time(s)"])
    }

    @Test func boringColorIsTheClassicColour() {
        #expect(Legacy.RGBA.boringColor == Legacy.RGBA(red: 0.380, green: 0.376, blue: 0.376, alpha: 1.000))
        #expect(Modern.RGBA.boringColor == Modern.RGBA(red: 0.380, green: 0.376, blue: 0.376, alpha: 1.000))
        #expect(Legacy.RGBA.boringColor.description == "RGBA(0.380, 0.376, 0.376, 1.000)")
        #expect(Modern.RGBA.boringColor.description == "RGBA(0.380, 0.376, 0.376, 1.000)")
    }

    @Test func everyConcurrentCallerSeesTheSameBoringColor() async {
        let legacy = await withTaskGroup(of: Legacy.RGBA.self) { group in
            for _ in 0..<100 { group.addTask { Legacy.RGBA.boringColor } }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        let modern = await withTaskGroup(of: Modern.RGBA.self) { group in
            for _ in 0..<100 { group.addTask { Modern.RGBA.boringColor } }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        #expect(legacy.map(\.description) == ["RGBA(0.380, 0.376, 0.376, 1.000)"])
        #expect(modern.map(\.description) == ["RGBA(0.380, 0.376, 0.376, 1.000)"])
    }

    /// `dispatch_once` semantics: while the block runs, a second caller blocks on the token, and it
    /// returns without running its own block.
    @Test func onceTokenMakesConcurrentCallersWait() async {
        let (waitedWhileTheBlockRan, secondRan) = await onOwnThread {
            let token = OnceToken()
            let inBlock = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let secondReturned = DispatchSemaphore(value: 0)
            let secondBlockRan = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                token.perform {
                    inBlock.signal()
                    release.wait()
                }
            }
            inBlock.wait()
            DispatchQueue.global().async {
                token.perform { secondBlockRan.signal() }
                secondReturned.signal()
            }
            // An event that must not happen while the first block is held: bounded wait.
            let waited = secondReturned.wait(timeout: .now() + .milliseconds(30)) == .timedOut
            release.signal()
            secondReturned.wait()
            return (waited, secondBlockRan.wait(timeout: .now()) == .success)
        }
        #expect(waitedWhileTheBlockRan)
        #expect(!secondRan)
    }

    @Test func legacyCallerReturnsBeforeTheBlockHasRun() async {
        let recorder = Recorder()
        let release = DispatchSemaphore(value: 0)
        let app = Legacy.RunOnce(log: recorder.logger, setUp: { release.wait() })
        app.didFinishLaunching()
        #expect(app.entries == 0)
        #expect(recorder.lines.isEmpty)
        release.signal()
        await withCheckedContinuation { done in app.notify { done.resume() } }
        #expect(app.entries == 1)
    }

    @Test func modernCallersResumeAfterTheWorkHasRun() async {
        let recorder = Recorder()
        let signal = OnceTestSignal()
        let app = Modern.RunOnce(log: recorder.logger) {
            signal.arrive()
            await signal.waitUntilOpen()
        }
        let first = Task {
            await app.didFinishLaunching()
            return await app.entries
        }
        await signal.arrivals(1)
        #expect(await app.entries == 0)  // the work is in flight, and `first` has not resumed
        let others = Task {
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        await app.didFinishLaunching()
                        return await app.entries
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        signal.open()
        #expect(await first.value == 1)
        #expect(await others.value == Array(repeating: 1, count: 10))
    }

    @Test func modernConcurrentFirstCallersShareOneTask() async throws {
        let recorder = Recorder()
        let signal = OnceTestSignal()
        let app = Modern.RunOnce(log: recorder.logger) {
            signal.arrive()
            await signal.waitUntilOpen()
        }
        let callers = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<100 { group.addTask { await app.didFinishLaunching() } }
            }
        }
        await signal.arrivals(1)
        // A second start must not happen while the first one runs: bounded wait.
        try await Task.sleep(for: .milliseconds(30))
        #expect(signal.arrived == 1)
        signal.open()
        await callers.value
        #expect(await app.entries == 1)
        #expect(recorder.lines == ["Executed 1 time(s)"])
    }

    /// The pitfall: checking a cached value, then awaiting `make()` to fill it, lets a second caller
    /// in at the `await`, and `make()` runs twice.
    @Test func naiveActorCacheRunsMakeTwice() async {
        let signal = OnceTestSignal()
        let cache = NaiveOnceCache()
        let make: @Sendable () async -> Int = {
            signal.arrive()
            await signal.waitUntilOpen()
            return signal.arrived
        }
        async let first = cache.value(make: make)
        async let second = cache.value(make: make)
        await signal.arrivals(2)  // both callers are inside make()
        signal.open()
        _ = await (first, second)
        #expect(signal.arrived == 2)
    }
}

/// The version to avoid: no `Task` is stored before the `await`.
private actor NaiveOnceCache {
    private var cached: Int?

    func value(make: @Sendable () async -> Int) async -> Int {
        if cached == nil {
            cached = await make()
        }
        return cached!
    }
}
