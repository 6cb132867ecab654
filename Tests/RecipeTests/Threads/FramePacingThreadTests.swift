import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct FramePacingThreadTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// A clock that moves only when the loop sleeps or a frame stalls.
    final class TestClock: Sendable {
        let time = Locked(Duration.zero)
        var now: @Sendable () -> Duration { { self.time.withLock { $0 } } }
        var sleepUntil: @Sendable (Duration) -> Void { { d in self.time.withLock { $0 = max($0, d) } } }
        func stall(_ duration: Duration) { time.withLock { $0 += duration } }
    }

    static let interval = Duration.seconds(1) / 60

    /// Runs one side's loop to completion with this clock and per-frame work; the work gets a
    /// `stop` to call. Returns the frames' start times and the stats (frames, late, resets).
    static func run(
        _ side: Side, clock: TestClock, maxLag: Duration = interval * 4, stopFirst: Bool = false,
        work: @escaping @Sendable (_ frame: Int, _ time: Duration, _ stop: @Sendable () -> Void) -> Void
    ) async -> (times: [Duration], frames: Int, late: Int, resets: Int) {
        let times = Locked<[Duration]>([])
        let stopper = Locked<(@Sendable () -> Void)?>(nil)
        let update: @Sendable (Int, Duration) -> Void = { frame, time in
            times.withLock { $0.append(time) }
            work(frame, time) { stopper.withLock { $0 }?() }
        }
        switch side {
        case .legacy:
            let loop = Legacy.FramePacingThread(
                interval: interval, maxLag: maxLag, handOffBudget: .milliseconds(2), now: clock.now,
                sleepUntil: clock.sleepUntil, update: update)
            stopper.withLock { $0 = { [weak loop] in loop?.requestStop() } }
            if stopFirst { loop.requestStop() }
            let stats = await onOwnThread { () -> Legacy.FramePacingThread.Stats in
                loop.start()
                return loop.waitUntilFinished()
            }
            return (times.withLock { $0 }, stats.frames, stats.late, stats.resets)
        case .modern:
            let loop = Modern.FramePacingThread(
                interval: interval, maxLag: maxLag, now: clock.now, sleepUntil: clock.sleepUntil, update: update)
            stopper.withLock { $0 = { [weak loop] in loop?.requestStop() } }
            if stopFirst { loop.requestStop() }
            let stats = await loop.run()
            return (times.withLock { $0 }, stats.frames, stats.late, stats.resets)
        }
    }

    /// On a test clock at 60 Hz: 60 frames in the first second, each one interval after the last.
    @Test(arguments: Side.allCases)
    func sixtyFramesInOneSecondOnTheTestClock(_ side: Side) async {
        let clock = TestClock()
        let result = await Self.run(side, clock: clock) { _, time, stop in
            if time >= .seconds(1) - Self.interval / 2 { stop() }
        }
        #expect(result.frames == 60)
        #expect(result.late == 0 && result.resets == 0)
        let gaps = zip(result.times.dropFirst(), result.times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 == Self.interval })
    }

    /// A 200 ms stall (12 intervals) resets the deadline: the next frame comes one interval after
    /// the stall ends, with no burst of late frames; a 20 ms stall is caught up by one late frame.
    @Test(arguments: Side.allCases)
    func aLongStallResetsInsteadOfBursting(_ side: Side) async {
        let clock = TestClock()
        let result = await Self.run(side, clock: clock) { frame, _, stop in
            if frame == 30 { clock.stall(.milliseconds(200)) }
            if frame == 40 { stop() }
        }
        #expect(result.resets == 1 && result.late == 0)
        let stallEnd = result.times[29] + .milliseconds(200)
        #expect(result.times[30] == stallEnd + Self.interval)
        let clock2 = TestClock()
        let caughtUp = await Self.run(side, clock: clock2) { frame, _, stop in
            if frame == 10 { clock2.stall(.milliseconds(20)) }
            if frame == 20 { stop() }
        }
        #expect(caughtUp.late == 1 && caughtUp.resets == 0)
        #expect(caughtUp.times[19] == caughtUp.times[0] + Self.interval * 19, "back on the original cadence")
    }

    /// A stop requested in frame 5's work ends the loop before frame 6, within one interval of
    /// test-clock time.
    @Test(arguments: Side.allCases)
    func stopEndsWithinOneFrame(_ side: Side) async {
        let clock = TestClock()
        let result = await Self.run(side, clock: clock) { frame, _, stop in
            if frame == 5 { stop() }
        }
        #expect(result.frames == 5)
        #expect(clock.now() - result.times[4] <= Self.interval)
    }

    /// Bad input: stopped before it starts, the loop runs no frame; with no lag allowed, it resets
    /// every time it is behind and never runs a frame late.
    @Test(arguments: Side.allCases)
    func stoppedBeforeStartAndZeroLag(_ side: Side) async {
        let none = await Self.run(side, clock: TestClock(), stopFirst: true) { _, _, _ in
            Issue.record("a frame ran")
        }
        #expect(none.frames == 0)
        let clock = TestClock()
        let strict = await Self.run(side, clock: clock, maxLag: .zero) { frame, _, stop in
            if frame == 3 || frame == 6 { clock.stall(.milliseconds(20)) }
            if frame == 9 { stop() }
        }
        #expect(strict.late == 0 && strict.resets == 2)
    }

    /// Cancellation (modern): cancelling the task that awaits `run()` stops the loop on the real
    /// clock; at most the frame in progress runs after the cancel.
    @Test func modernCancellingTheAwaitingTaskStopsTheLoop() async {
        let started = DispatchSemaphore(value: 0)
        let cancelled = Locked(false)
        let afterCancel = Locked(0)
        let loop = Modern.FramePacingThread(
            interval: .milliseconds(2), maxLag: .milliseconds(8), now: Modern.FramePacingThread.uptime,
            sleepUntil: Modern.FramePacingThread.sleepUntilUptime,
            update: { frame, _ in
                if cancelled.withLock({ $0 }) { afterCancel.withLock { $0 += 1 } }
                if frame == 3 { started.signal() }
            })
        let task = Task { await loop.run() }
        await onOwnThread { started.wait() }
        cancelled.withLock { $0 = true }
        task.cancel()
        let stats = await task.value
        #expect(stats.frames >= 3)
        #expect(afterCancel.withLock { $0 } <= 1)
    }

    /// Legacy on the real clock: a stop asked for from another thread ends the loop; at most the
    /// frame in progress runs after it.
    @Test func legacyStopFromAnotherThreadOnTheRealClock() async {
        let afterStop = await onOwnThread { () -> Int in
            let started = DispatchSemaphore(value: 0)
            let stopped = Locked(false)
            let afterStop = Locked(0)
            let loop = Legacy.FramePacingThread(
                interval: .milliseconds(2), maxLag: .milliseconds(8), handOffBudget: .milliseconds(1),
                now: Legacy.FramePacingThread.uptime, sleepUntil: Legacy.FramePacingThread.sleepUntilUptime
            ) { frame, _ in
                if stopped.withLock({ $0 }) { afterStop.withLock { $0 += 1 } }
                if frame == 3 { started.signal() }
            }
            loop.start()
            started.wait()
            stopped.withLock { $0 = true }
            loop.requestStop()
            #expect(loop.waitUntilFinished().frames >= 3)
            return afterStop.withLock { $0 }
        }
        #expect(afterStop <= 1)
    }

    /// The declared difference, legacy: a renderer that holds the front buffer past the budget
    /// makes the loop drop that frame (and only that one) instead of waiting.
    @Test func legacyRendererHoldingTheBufferDropsTheFrame() async {
        let clock = TestClock()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let holder = Locked<Legacy.FramePacingThread?>(nil)
        let loop = Legacy.FramePacingThread(
            interval: Self.interval, maxLag: Self.interval * 4, handOffBudget: .milliseconds(1),
            now: clock.now, sleepUntil: clock.sleepUntil
        ) { frame, _ in
            let loop = holder.withLock { $0 }
            if frame == 3 {
                Thread {
                    loop?.withFrontBuffer { _ in
                        holding.signal()
                        release.wait()  // draws slowly, holding the lock
                    }
                    released.signal()
                }.start()
                holding.wait()
            }
            if frame == 4 {
                release.signal()
                released.wait()
            }
            if frame == 6 { loop?.requestStop() }
        }
        holder.withLock { $0 = loop }
        let stats = await onOwnThread { () -> Legacy.FramePacingThread.Stats in
            loop.start()
            return loop.waitUntilFinished()
        }
        holder.withLock { $0 = nil }
        #expect(stats.frames == 6)
        #expect(stats.dropped == 1)
        #expect(loop.withFrontBuffer { $0?.number } == 6)
    }

    /// The declared difference, modern: the renderer copies the frame out and draws outside the
    /// lock, so a slow draw holds nothing up: every frame is handed over, none dropped.
    @Test func modernSlowRendererHoldsNothingUp() async {
        let clock = TestClock()
        let copied = DispatchSemaphore(value: 0)
        let finishDrawing = DispatchSemaphore(value: 0)
        let drew = Locked<Int?>(nil)
        let published = Locked<[Int]>([])
        let holder = Locked<Modern.FramePacingThread?>(nil)
        let loop = Modern.FramePacingThread(
            interval: Self.interval, maxLag: Self.interval * 4, now: clock.now, sleepUntil: clock.sleepUntil
        ) { frame, _ in
            let loop = holder.withLock { $0 }
            if let loop { published.withLock { $0.append(loop.latestFrame().number) } }
            if frame == 3 {
                Thread {
                    let frame = loop?.latestFrame()  // the copy
                    copied.signal()
                    finishDrawing.wait()  // draws slowly, holding no lock
                    drew.withLock { $0 = frame?.number }
                }.start()
                copied.wait()
            }
            if frame == 6 {
                finishDrawing.signal()
                loop?.requestStop()
            }
        }
        holder.withLock { $0 = loop }
        let stats = await loop.run()
        holder.withLock { $0 = nil }
        #expect(stats.frames == 6)
        #expect(published.withLock { $0 } == [0, 1, 2, 3, 4, 5], "each frame saw the one before it handed over")
        #expect(loop.latestFrame().number == 6)
        _ = drew
    }
}
