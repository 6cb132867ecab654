import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ThrottlerTests {
    static let interval = Duration.milliseconds(50)

    /// Every run of a throttled action: its trigger, when it started and ended, and a stream of
    /// trigger numbers in run order.
    final class Runs: Sendable {
        struct Run: Sendable {
            let trigger: Int
            let start: ContinuousClock.Instant
            let end: ContinuousClock.Instant
        }

        private let state = Locked<[Run]>([])
        let ran = AsyncStream.makeStream(of: Int.self)

        func run(_ trigger: Int) {
            let start = ContinuousClock.now
            state.withLock { $0.append(Run(trigger: trigger, start: start, end: .now)) }
            ran.continuation.yield(trigger)
        }

        var all: [Run] { state.withLock { $0 } }
        var triggers: [Int] { all.map(\.trigger) }

        func waitForRun(of trigger: Int) async {
            for await number in ran.stream where number == trigger { return }
        }

        /// Every run started at least `interval` after the previous one ended.
        func expectSpaced(by interval: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
            let runs = all
            for (previous, next) in zip(runs, runs.dropFirst()) {
                #expect(previous.end.duration(to: next.start) >= interval, sourceLocation: sourceLocation)
            }
        }
    }

    /// Runs `body` on `queue` and waits for it.
    static func on(_ queue: DispatchQueue, _ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { done in
            queue.async {
                body()
                done.resume()
            }
        }
    }

    /// A synchronous progress handler on a queue reports 0…999 by calling `call` directly, in
    /// order: the last value run is 999, every time, on the main actor. (An actor whose `call`
    /// needs `await` forces such a caller to wrap each call in a `Task` of its own, and those
    /// reach the actor in any order: the last value run was then sometimes not 999.)
    @Test func aSynchronousCallerHasItsLastCallRunLast() async throws {
        let queue = DispatchQueue(label: "progress-handler")
        for _ in 0..<20 {
            let clock = ManualTestClock()
            let runs = Runs()
            let throttler = Modern.Throttler<Int, ManualTestClock>(interval: Self.interval, clock: clock) {
                MainActor.assertIsolated()
                runs.run($0)
            }
            await Self.on(queue) {
                for progress in 0..<1000 { throttler.call(progress) }
            }
            await runs.waitForRun(of: 0)
            try await clock.waitForSleepers(1)
            clock.advance(by: Self.interval)
            await runs.waitForRun(of: 999)
            #expect(runs.triggers == [0, 999])
            try await clock.waitForSleepers(1)
            clock.advance(by: Self.interval)
            try await clock.waitForSleepers(0)
        }
    }

    /// Ten calls in one turn of the legacy queue (so no stall can spread them out), ten quick
    /// calls to the modern actor: trigger 1 runs at once, trigger 10 at least the interval later,
    /// and nothing else runs.
    @Test func tenQuickTriggersRunTwiceFirstAndLast() async throws {
        let queue = DispatchQueue(label: "throttle-test")
        let legacy = Runs()
        let legacyThrottler = Legacy.Throttler<Int>(interval: Self.interval, queue: queue) { legacy.run($0) }
        await Self.on(queue) {
            for trigger in 1...10 { legacyThrottler.call(trigger) }
        }
        await legacy.waitForRun(of: 10)

        let modern = Runs()
        let modernThrottler = Modern.Throttler<Int, ContinuousClock>(interval: Self.interval) { modern.run($0) }
        for trigger in 1...10 { modernThrottler.call(trigger) }
        await modern.waitForRun(of: 10)

        try await Task.sleep(for: Self.interval * 2)  // a third run would show up here
        for runs in [legacy, modern] {
            #expect(runs.triggers == [1, 10])
            runs.expectSpaced(by: Self.interval)
        }
        extendLifetime(legacyThrottler)
        extendLifetime(modernThrottler)
    }

    /// On a clock moved by hand, the modern throttler runs trigger 1 at 0 ms and trigger 10
    /// exactly when the interval ends, not a nanosecond sooner.
    @Test func modernOnAManualClockRunsExactlyAtTheIntervalEnd() async throws {
        let clock = ManualTestClock()
        let runs = Runs()
        let throttler = Modern.Throttler<Int, ManualTestClock>(interval: Self.interval, clock: clock) {
            runs.run($0)
        }
        throttler.call(1)
        await runs.waitForRun(of: 1)
        try await clock.waitForSleepers(1)  // the interval counts from the end of run 1, at 0 ms
        for trigger in 2...10 {
            clock.advance(by: .milliseconds(3))
            throttler.call(trigger)
        }
        #expect(runs.triggers == [1])
        #expect(throttler.isArmed)
        clock.advance(by: Self.interval - .milliseconds(27) - .nanoseconds(1))
        #expect(clock.sleeperCount == 1)
        #expect(runs.triggers == [1])
        clock.advance(by: .nanoseconds(1))
        await runs.waitForRun(of: 10)
        #expect(runs.triggers == [1, 10])
        #expect(clock.now.offset == Self.interval)
        try await clock.waitForSleepers(1)  // the interval after run 10
        clock.advance(by: Self.interval)
        try await clock.waitForSleepers(0)
        try await eventually { !throttler.isArmed }
        #expect(!throttler.isArmed)  // nothing came: the task ended
        #expect(runs.triggers == [1, 10])
    }

    /// A call every 10 ms for 200 ms with a 50 ms interval, on a hand-moved clock: the throttler
    /// runs every 50 ms with the newest trigger. Cancel-and-replace (a debounce) never runs while
    /// the calls keep coming.
    @Test func cancelAndReplaceNeverRunsUnderASteadyStream() async throws {
        let clock = ManualTestClock()
        let runs = Runs()
        let throttler = Modern.Throttler<Int, ManualTestClock>(interval: Self.interval, clock: clock) {
            runs.run($0)
        }
        let buggyClock = ManualTestClock()
        let buggy = Runs()
        let replacing = CancelAndReplace(interval: Self.interval, clock: buggyClock) { buggy.run($0) }
        var due = ManualTestClock.Instant(offset: Self.interval)
        for trigger in 1...20 {
            throttler.call(trigger)
            if trigger == 1 {
                await runs.waitForRun(of: 1)
                try await clock.waitForSleepers(1)
            }
            await replacing.call(trigger)
            try await buggyClock.waitForSleepers(1)
            clock.advance(by: .milliseconds(10))
            buggyClock.advance(by: .milliseconds(10))
            if clock.now >= due {
                await runs.waitForRun(of: trigger)
                try await clock.waitForSleepers(1)
                due = clock.now.advanced(by: Self.interval)
            }
        }
        #expect(runs.triggers == [1, 5, 10, 15, 20])
        #expect(buggy.triggers.isEmpty)
        buggyClock.advance(by: Self.interval)
        await buggy.waitForRun(of: 20)
        #expect(buggy.triggers == [20])
    }

    /// The bug next to the recipe: every call cancels the sleeping task and starts a new one.
    actor CancelAndReplace {
        let interval: Duration
        let clock: ManualTestClock
        let action: @Sendable (Int) -> Void
        var sleeper: Task<Void, Never>?

        init(interval: Duration, clock: ManualTestClock, action: @escaping @Sendable (Int) -> Void) {
            self.interval = interval
            self.clock = clock
            self.action = action
        }

        func call(_ trigger: Int) {
            sleeper?.cancel()  // the bug: the pending run is pushed back on every call
            let due = clock.now.advanced(by: interval)
            sleeper = Task { [clock, action] in
                do { try await clock.sleep(until: due, tolerance: nil) } catch { return }
                action(trigger)
            }
        }
    }

    /// 100 triggers 1 ms apart with a 10 ms interval, in real time: every run starts at least the
    /// interval after the previous one ended, and the last trigger runs last.
    @Test func aSteadyStreamNeverRunsTwoCloserThanTheInterval() async throws {
        let interval = Duration.milliseconds(10)
        let legacy = Runs()
        let legacyThrottler = Legacy.Throttler<Int>(interval: interval) { legacy.run($0) }
        await onOwnThread {
            for trigger in 1...100 {
                legacyThrottler.call(trigger)
                Thread.sleep(forTimeInterval: 0.001)  // the producer's pace, not a synchronization
            }
        }
        await legacy.waitForRun(of: 100)

        let modern = Runs()
        let modernThrottler = Modern.Throttler<Int, ContinuousClock>(interval: interval) { modern.run($0) }
        for trigger in 1...100 {
            modernThrottler.call(trigger)
            try await Task.sleep(for: .milliseconds(1))
        }
        await modern.waitForRun(of: 100)

        for runs in [legacy, modern] {
            #expect(runs.triggers.first == 1)
            #expect(runs.triggers.last == 100)
            #expect(runs.triggers == runs.triggers.sorted())
            runs.expectSpaced(by: interval)
        }
        extendLifetime(legacyThrottler)
        extendLifetime(modernThrottler)
    }

    /// 300 callers at once (pool threads on the legacy side, tasks on the modern side), then one
    /// final call: runs are spaced by the interval, no trigger runs twice, and the final call runs
    /// last.
    @Test func hundredsOfConcurrentCallersRunSpacedAndEndOnTheLast() async throws {
        let interval = Duration.milliseconds(5)
        let legacy = Runs()
        let legacyThrottler = Legacy.Throttler<Int>(interval: interval) { legacy.run($0) }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 300) { legacyThrottler.call($0 + 1) }
            legacyThrottler.call(1000)
        }
        await legacy.waitForRun(of: 1000)

        let modern = Runs()
        let modernThrottler = Modern.Throttler<Int, ContinuousClock>(interval: interval) { modern.run($0) }
        await withDiscardingTaskGroup { group in
            for trigger in 1...300 {
                group.addTask { modernThrottler.call(trigger) }
            }
        }
        modernThrottler.call(1000)
        await modern.waitForRun(of: 1000)

        for runs in [legacy, modern] {
            #expect(runs.triggers.last == 1000)
            #expect(Set(runs.triggers).count == runs.triggers.count)
            runs.expectSpaced(by: interval)
        }
        extendLifetime(legacyThrottler)
        extendLifetime(modernThrottler)
    }

    /// Cancel before any call, while a run is pending, and after the pending run: only the
    /// pending run is dropped. The task still sleeps out its interval, so a call that comes
    /// after the cancel but within the interval runs at the interval's end, not at once; once
    /// the interval is over, a call runs at once.
    @Test func cancelDropsThePendingCallAndKeepsTheInterval() async throws {
        let clock = ManualTestClock()
        let runs = Runs()
        let throttler = Modern.Throttler<Int, ManualTestClock>(interval: Self.interval, clock: clock) {
            runs.run($0)
        }
        throttler.cancel()  // before any call: nothing to drop
        throttler.call(1)
        await runs.waitForRun(of: 1)
        try await clock.waitForSleepers(1)
        throttler.call(2)
        throttler.cancel()  // while waiting: 2 is dropped
        clock.advance(by: Self.interval)
        try await clock.waitForSleepers(0)
        try await eventually { !throttler.isArmed }  // found nothing: idle
        #expect(runs.triggers == [1])
        throttler.call(3)  // idle and past the interval: runs at once
        await runs.waitForRun(of: 3)
        try await clock.waitForSleepers(1)
        throttler.call(4)
        throttler.cancel()
        throttler.call(5)  // after the cancel, within the interval: waits for its end
        #expect(runs.triggers == [1, 3])
        clock.advance(by: Self.interval)
        await runs.waitForRun(of: 5)
        #expect(runs.triggers == [1, 3, 5])
        try await clock.waitForSleepers(1)
        throttler.cancel()  // after the run: nothing pending
        clock.advance(by: Self.interval)
        try await clock.waitForSleepers(0)
        #expect(runs.triggers == [1, 3, 5])

        let queue = DispatchQueue(label: "throttle-cancel")
        let legacy = Runs()
        let legacyThrottler = Legacy.Throttler<Int>(interval: Self.interval, queue: queue) { legacy.run($0) }
        await Self.on(queue) {
            legacyThrottler.cancel()
            legacyThrottler.call(1)
            legacyThrottler.call(2)
            legacyThrottler.cancel()
        }
        try await Task.sleep(for: Self.interval * 3)  // the dropped run would show up here
        #expect(legacy.triggers == [1])
        legacyThrottler.call(3)
        await legacy.waitForRun(of: 3)
        #expect(legacy.triggers == [1, 3])
    }

    /// A throttler released with a run pending never runs it: `deinit` cancels the armed work
    /// item or the sleeping task.
    @Test func aReleasedThrottlerNeverRunsItsPendingCall() async throws {
        let clock = ManualTestClock()
        let modern = Runs()
        do {
            let throttler = Modern.Throttler<Int, ManualTestClock>(interval: Self.interval, clock: clock) {
                modern.run($0)
            }
            throttler.call(1)
            await modern.waitForRun(of: 1)
            try await clock.waitForSleepers(1)
            throttler.call(2)
        }
        try await clock.waitForSleepers(0)  // deinit cancelled the sleep
        clock.advance(by: Self.interval * 2)
        for _ in 0..<100 { await Task.yield() }  // a run of 2 would have had its turn by now
        #expect(modern.triggers == [1])

        final class Holder: Sendable {
            let throttler = Locked<Legacy.Throttler<Int>?>(nil)
        }
        let queue = DispatchQueue(label: "throttle-release")
        let legacy = Runs()
        let holder = Holder()
        holder.throttler.withLock {
            $0 = Legacy.Throttler<Int>(interval: Self.interval, queue: queue) { legacy.run($0) }
        }
        await Self.on(queue) {
            let throttler = holder.throttler.withLock { $0 }
            throttler?.call(1)
            throttler?.call(2)
            // Released after the two calls' hops have run: call 1 ran, call 2 is armed.
            queue.async { holder.throttler.withLock { $0 = nil } }
        }
        try await Task.sleep(for: Self.interval * 3)  // the pending run would show up here
        #expect(legacy.triggers == [1])
    }
}
