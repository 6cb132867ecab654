import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct SynchronizedCounterTests {
    @Test func bothSidesAddFifteenAtDepthFive() async {
        let (legacySum, legacyValue) = await onOwnThread {
            let counter = Legacy.SynchronizedCounter()
            return (counter.add(countdownFrom: 5), counter.current)
        }
        #expect(legacySum == 15)
        #expect(legacyValue == 15)

        let modern = Modern.SynchronizedCounter()
        #expect(modern.add(countdownFrom: 5) == 15)
        #expect(modern.current == 15)
    }

    @Test func bothSidesCountFortyThousand() async {
        let legacy = await onOwnThread {
            Legacy.SynchronizedCounter.incrementConcurrently(threads: 4, times: 10_000)
        }
        #expect(legacy == 40_000)
        let modern = await Modern.SynchronizedCounter.incrementConcurrently(tasks: 4, times: 10_000)
        #expect(modern == 40_000)
    }

    /// `Mutex` traps on re-entry where `NSRecursiveLock` allows it; `NSLock` hangs. Child
    /// processes only.
    @Test func mutexTrapsOnReentryWhereNSLockHangs() async {
        let scenario = "re-locking a non-recursive lock"
        let firstTwo = ["locking at depth 5", "locking at depth 4"]
        let (modern, modernLines) = await ChildProcess.run(
            arguments: ["--demo", "synchronized-recursive-lock", scenario, "modern", "--pace", "test"],
            timeout: .seconds(10))
        #if os(Linux)
            #expect(modern == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: modern))
        #endif
        #expect(modernLines == firstTwo)

        let (legacy, legacyLines) = await ChildProcess.run(
            arguments: ["--demo", "synchronized-recursive-lock", scenario, "legacy", "--pace", "test"],
            timeout: .milliseconds(1500))
        #expect(legacy == .hung)
        #expect(legacyLines == firstTwo)
    }
}
