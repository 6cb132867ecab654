import Foundation

/// A real-time frame loop on a dedicated thread: sleeps to each frame's
/// deadline, runs the frame, and hands the finished frame to the renderer.
///
/// Deadlines are absolute (the previous deadline plus one interval), so a
/// frame that runs a little late is caught up at once; a loop that has fallen
/// far behind (a stall, a debugger pause) resets its deadline to now instead
/// of bursting through every missed frame. Each frame is built in a back
/// buffer and swapped into the front buffer, which the renderer reads under
/// the same lock; the loop waits for that lock only until a budget runs out,
/// then drops the frame rather than miss its next deadline. A flag, checked
/// once per frame, stops the loop.
public final class FramePacingThread: @unchecked Sendable {
    /// One finished frame: what the renderer draws.
    public struct Frame: Sendable, Equatable {
        public var number = 0
        public var time = Duration.zero
    }

    /// What the loop counted, for the caller that waited for its end.
    public struct Stats: Sendable, Equatable {
        public var frames = 0
        public var late = 0  // ran without sleeping: catching up
        public var resets = 0  // too far behind: deadline moved to now
        public var dropped = 0  // the renderer held the front buffer too long
    }

    // `@unchecked Sendable`: `front` is guarded by `bufferLock`, `stopping`
    // by `stopLock`; `back` and `stats` are only touched on the loop thread
    // until `finished` is signalled.
    private let bufferLock = NSLock()
    private var front: Frame?
    private var back = Frame()
    private let stopLock = NSLock()
    private var stopping = false
    private var stats = Stats()
    private let finished = DispatchSemaphore(value: 0)

    private let interval: Duration
    private let maxLag: Duration
    private let handOffBudget: Duration
    private let now: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) -> Void
    private let update: @Sendable (_ frame: Int, _ time: Duration) -> Void

    /// `now` and `sleepUntil` are the loop's clock (monotonic time since any
    /// fixed point); `update` runs each frame's work on the loop thread.
    public init(
        interval: Duration, maxLag: Duration, handOffBudget: Duration,
        now: @escaping @Sendable () -> Duration,
        sleepUntil: @escaping @Sendable (Duration) -> Void,
        update: @escaping @Sendable (_ frame: Int, _ time: Duration) -> Void
    ) {
        precondition(interval > .zero, "a frame interval must be positive")
        self.interval = interval
        self.maxLag = maxLag
        self.handOffBudget = handOffBudget
        self.now = now
        self.sleepUntil = sleepUntil
        self.update = update
    }

    public func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "frame-loop"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Asks the loop to stop after the frame it is on; callable from any
    /// thread, the frame's own work included.
    public func requestStop() {
        stopLock.withLock { stopping = true }
    }

    /// Blocks until the loop has ended, and returns what it counted.
    public func waitUntilFinished() -> Stats {
        finished.wait()
        finished.signal()  // for the next caller
        return stats
    }

    /// The renderer's side: reads the front buffer under the lock.
    public func withFrontBuffer<T>(_ body: (Frame?) -> T) -> T {
        bufferLock.withLock { body(front) }
    }
}

// MARK: - The loop: deadlines, catch-up reset, hand-off

extension FramePacingThread {
    private func loop() {
        var deadline = now() + interval
        var number = 0
        while !stopLock.withLock({ stopping }) {
            if now() >= deadline {
                stats.late += 1
            } else {
                sleepUntil(deadline)
            }
            number += 1
            let time = now()
            update(number, time)
            back = Frame(number: number, time: time)
            handOff()
            stats.frames += 1

            deadline += interval
            let after = now()
            if after - deadline > maxLag {  // far behind: don't burst
                deadline = after + interval
                stats.resets += 1
            }
        }
        finished.signal()  // the last thing the thread does
    }

    /// Swaps the back buffer to the front, unless the renderer holds the
    /// lock past the budget: then the frame is dropped.
    private func handOff() {
        let seconds =
            Double(handOffBudget.components.seconds)
            + Double(handOffBudget.components.attoseconds) * 1e-18
        guard bufferLock.lock(before: Date(timeIntervalSinceNow: seconds))
        else {
            stats.dropped += 1
            return
        }
        if front == nil { front = Frame() }
        swap(&front!, &back)
        bufferLock.unlock()
    }
}

// MARK: - The real clock

extension FramePacingThread {
    /// Monotonic time since boot, for `now`.
    public static let uptime: @Sendable () -> Duration = {
        .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds))
    }

    /// Blocks the loop thread until `uptime()` reaches `deadline`.
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
final class VirtualFrameClock: @unchecked Sendable {
    // `@unchecked Sendable`: `time` is guarded by `lock`.
    private let lock = NSLock()
    private var time = Duration.zero
    func now() -> Duration { lock.withLock { time } }
    func sleep(until deadline: Duration) {
        lock.withLock { time = max(time, deadline) }
    }
    func stall(_ duration: Duration) { lock.withLock { time += duration } }
}

extension FramePacingThread {
    /// Runs the loop at `hertz` on a virtual clock for one second, stalling
    /// frame `stallAt` by `stall`, and logs what the loop counted.
    public static func runOneSecond(
        hertz: Int, stall: Duration, stallAt: Int,
        log: @escaping @Sendable (String) -> Void
    ) {
        let clock = VirtualFrameClock()
        let interval = Duration.seconds(1) / hertz
        let holder = LoopHolder()
        let loop = FramePacingThread(
            interval: interval, maxLag: interval * 4,
            handOffBudget: .milliseconds(2),
            now: clock.now, sleepUntil: clock.sleep(until:)
        ) { frame, time in
            if time >= .seconds(1) - interval / 2 { holder.loop?.requestStop() }
            if frame == stallAt { clock.stall(stall) }
        }
        holder.loop = loop
        loop.start()
        let stats = loop.waitUntilFinished()
        let shown = loop.withFrontBuffer { $0?.number ?? 0 }
        log("\(stats.frames) frames in 1 s of test-clock time")
        log("late: \(stats.late), resets: \(stats.resets)")
        log("stopped after frame \(shown), the one that asked")
    }
}

/// Lets the frame's work reach the loop it runs in.
final class LoopHolder: @unchecked Sendable {
    // `@unchecked Sendable`: set once before the loop starts.
    weak var loop: FramePacingThread?
}
