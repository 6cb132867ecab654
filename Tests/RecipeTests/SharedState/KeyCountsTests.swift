import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct KeyCountsTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func settingZeroRemovesTheKey(_ side: Side) {
        let recorder = Recorder()
        switch side {
        case .legacy: Legacy.KeyCounts.setAndRemove(log: recorder.logger)
        case .modern: Modern.KeyCounts.setAndRemove(log: recorder.logger)
        }
        #expect(recorder.lines == ["set a = 3: a = 3", "set b = 5: a = 3, b = 5", "set a = 0: b = 5"])
    }

    @Test(arguments: Side.allCases)
    func eightConcurrentSettersAreAllSeen(_ side: Side) async {
        let counts: [String: Int]
        switch side {
        case .legacy:
            counts = await withCheckedContinuation { done in
                Legacy.KeyCounts.concurrentSetters(8) { done.resume(returning: $0) }
            }
        case .modern:
            counts = await Modern.KeyCounts.concurrentSetters(8)
        }
        #expect(counts == Dictionary(uniqueKeysWithValues: (0..<8).map { ("k\($0)", $0 + 1) }))
    }

    /// A read right after a set sees it: the legacy `sync` read queues behind the barrier, and
    /// the `Mutex` setter has finished when it returns.
    @Test(arguments: Side.allCases)
    func aReadAfterASetSeesIt(_ side: Side) {
        switch side {
        case .legacy:
            let counts = Legacy.KeyCounts()
            counts.setCount(2, forKey: "x")
            #expect(counts.count(forKey: "x") == 2)
            counts.setCount(0, forKey: "x")
            #expect(counts.count(forKey: "x") == nil)
            #expect(counts.allCounts.isEmpty)
        case .modern:
            let counts = Modern.KeyCounts()
            counts.setCount(2, forKey: "x")
            #expect(counts.count(forKey: "x") == 2)
            counts.setCount(0, forKey: "x")
            #expect(counts.count(forKey: "x") == nil)
            #expect(counts.allCounts.isEmpty)
        }
    }

    /// Setting 0 on a key that was never set leaves the dictionary as it was.
    @Test(arguments: Side.allCases)
    func settingZeroOnAMissingKeyChangesNothing(_ side: Side) {
        switch side {
        case .legacy:
            let counts = Legacy.KeyCounts()
            counts.setCount(1, forKey: "a")
            counts.setCount(0, forKey: "missing")
            #expect(counts.allCounts == ["a": 1])
        case .modern:
            let counts = Modern.KeyCounts()
            counts.setCount(1, forKey: "a")
            counts.setCount(0, forKey: "missing")
            #expect(counts.allCounts == ["a": 1])
        }
    }

    @Test(arguments: Side.allCases)
    func incrementIsOneCriticalSection(_ side: Side) async {
        let hits: Int?
        switch side {
        case .legacy:
            hits = await withCheckedContinuation { done in
                Legacy.KeyCounts.concurrentIncrements(callers: 4, times: 250) { done.resume(returning: $0) }
            }
        case .modern:
            hits = await Modern.KeyCounts.concurrentIncrements(callers: 4, times: 250)
        }
        #expect(hits == 1_000)
    }

    /// Both nested forms run in child processes (`compare --demo`): the barrier `sync` from
    /// inside the queue hangs, the `Mutex` locked again traps.
    @Test func nestedBarrierHangsAndNestedLockTraps() async {
        func runChild(_ side: String) async -> (DemoResult, [String]) {
            await ChildProcess.run(
                arguments: ["--demo", "barrier-counted-dictionary", "nested barrier / nested lock", side, "--pace", "test"],
                timeout: .seconds(2))
        }
        let (legacy, legacyLines) = await runChild("legacy")
        #expect(legacy == .hung)
        #expect(legacyLines == ["read hits = 1, barrier sync from inside the queue"])
        let (modern, modernLines) = await runChild("modern")
        #if os(Linux)
            #expect(modern == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: modern))
        #endif
        #expect(modernLines == ["read hits = 1, now setCount from inside withLock"])
    }
}
