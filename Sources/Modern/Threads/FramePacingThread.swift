import Foundation
import Synchronization

/// A real-time frame loop that keeps its dedicated thread, with a `Mutex`
/// front buffer, an `Atomic` stop flag, and an async `run()` that awaits the
/// loop's end.
///
/// The thread stays: a frame loop sleeps to a deadline and works for most of
/// every interval, and on the cooperative pool (one thread per core) it would
/// hold a thread that every task in the process shares, while a busy pool
/// would make its frames late. The pacing is the legacy one: absolute
/// deadlines, caught up when a little late, reset when far behind. What
/// changes is around it: the renderer copies the finished frame out under
/// the `Mutex` and draws outside it, so the lock is held for a copy and the
/// loop never waits or drops a frame; async code starts the loop with
/// `await run()`, which a continuation resumes when the thread ends, and
/// cancelling that task stops the loop.
public nonisolated final class FramePacingThread: Sendable {
    /// One finished frame: what the renderer draws.
    public struct Frame: Sendable, Equatable {
        public var number = 0
        public var time = Duration.zero
    }

    /// What the loop counted.
    public struct Stats: Sendable, Equatable {
        public var frames = 0
        public var late = 0  // ran without sleeping: catching up
        public var resets = 0  // too far behind: deadline moved to now
    }

    private let front = Mutex(Frame())
    private let stopping = Atomic(false)
    private let interval: Duration
    private let maxLag: Duration
    private let now: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) -> Void
    private let update: @Sendable (_ frame: Int, _ time: Duration) -> Void

    /// `now` and `sleepUntil` are the loop's clock (monotonic time since any
    /// fixed point); `update` runs each frame's work on the loop thread.
    public init(
        interval: Duration, maxLag: Duration,
        now: @escaping @Sendable () -> Duration,
        sleepUntil: @escaping @Sendable (Duration) -> Void,
        update: @escaping @Sendable (_ frame: Int, _ time: Duration) -> Void
    ) {
        precondition(interval > .zero, "a frame interval must be positive")
        self.interval = interval
        self.maxLag = maxLag
        self.now = now
        self.sleepUntil = sleepUntil
        self.update = update
    }

    /// Runs the loop on its own thread and returns what it counted once the
    /// thread has ended. Cancelling the caller stops the loop.
    public func run() async -> Stats {
        await withTaskCancellationHandler {
            await withCheckedContinuation { ended in
                let thread = Thread { [self] in ended.resume(returning: loop())
                }
                thread.name = "frame-loop"
                thread.qualityOfService = .userInteractive
                thread.start()
            }
        } onCancel: {
            requestStop()
        }
    }

    /// Asks the loop to stop after the frame it is on; callable from any
    /// thread or task, the frame's own work included.
    public func requestStop() {
        stopping.store(true, ordering: .releasing)
    }

    /// The renderer's side: a copy of the newest frame. The lock is held for
    /// the copy only; drawing happens outside it.
    public func latestFrame() -> Frame {
        front.withLock { $0 }
    }
}

// MARK: - The loop: deadlines, catch-up reset, hand-off

nonisolated extension FramePacingThread {
    private func loop() -> Stats {
        var stats = Stats()
        var back = Frame()  // the loop's own buffer: no lock
        var deadline = now() + interval
        var number = 0
        while !stopping.load(ordering: .acquiring) {
            if now() >= deadline {
                stats.late += 1
            } else {
                sleepUntil(deadline)
            }
            number += 1
            let time = now()
            update(number, time)
            back = Frame(number: number, time: time)
            front.withLock { swap(&$0, &back) }  // held for a swap
            stats.frames += 1

            deadline += interval
            let after = now()
            if after - deadline > maxLag {  // far behind: don't burst
                deadline = after + interval
                stats.resets += 1
            }
        }
        return stats  // resumes `run()`: the thread's last act
    }
}

// MARK: - The real clock

nonisolated extension FramePacingThread {
    private static let origin = ContinuousClock.now

    /// Monotonic time since a fixed point, for `now`.
    public static let uptime: @Sendable () -> Duration = {
        ContinuousClock.now - origin
    }

    /// Blocks the loop thread (never a task) until `uptime()` reaches
    /// `deadline`.
    public static let sleepUntilUptime: @Sendable (Duration) -> Void = {
        deadline in
        let left = deadline - uptime()
        guard left > .zero else { return }
        Thread.sleep(forTimeInterval: Double(left / .nanoseconds(1)) / 1e9)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// A clock that moves only when the loop sleeps or a frame stalls: the page's
/// numbers are the same on every run, and no test waits for real time.
nonisolated final class VirtualFrameClock: Sendable {
    private let time = Mutex(Duration.zero)
    func now() -> Duration { time.withLock { $0 } }
    func sleep(until deadline: Duration) {
        time.withLock { $0 = max($0, deadline) }
    }
    func stall(_ duration: Duration) { time.withLock { $0 += duration } }
}

nonisolated extension FramePacingThread {
    /// Runs the loop at `hertz` on a virtual clock for one second, stalling
    /// frame `stallAt` by `stall`, and logs what the loop counted.
    public static func runOneSecond(
        hertz: Int, stall: Duration, stallAt: Int,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let clock = VirtualFrameClock()
        let interval = Duration.seconds(1) / hertz
        let holder = LoopHolder()
        let loop = FramePacingThread(
            interval: interval, maxLag: interval * 4,
            now: clock.now, sleepUntil: clock.sleep(until:)
        ) { frame, time in
            if time >= .seconds(1) - interval / 2 { holder.requestStop() }
            if frame == stallAt { clock.stall(stall) }
        }
        holder.set(loop)
        let stats = await loop.run()
        holder.set(nil)  // breaks the loop → update → holder cycle
        log("\(stats.frames) frames in 1 s of test-clock time")
        log("late: \(stats.late), resets: \(stats.resets)")
        let shown = loop.latestFrame().number
        log("stopped after frame \(shown), the one that asked")
    }
}

/// Lets the frame's work reach the loop it runs in.
nonisolated final class LoopHolder: Sendable {
    private let loop = Mutex<FramePacingThread?>(nil)
    func set(_ new: FramePacingThread?) { loop.withLock { $0 = new } }
    func requestStop() { loop.withLock { $0?.requestStop() } }
}
