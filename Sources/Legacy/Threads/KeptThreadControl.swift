import Foundation

/// A worker thread the caller triggers, pauses, resumes, stops and starts
/// again: one frame at a time, the newest pending frame kept.
///
/// `trigger` stores the frame in a one-slot mailbox and wakes the thread;
/// a trigger while the thread is still busy replaces the frame waiting in the
/// slot, so the frames in between are skipped and the newest one runs next.
/// `pause` makes the thread wait on the `NSCondition` after the frame it is
/// on, and refuses triggers until `resume`. `start` stops the thread it
/// replaces and waits for it to end (a join) before it starts the next, so
/// two threads never run frames at once. The thread holds the shared state,
/// never its owner: an owner that goes away stops it.
public final class KeptThreadControl: @unchecked Sendable {
    private let core: Core
    private let lifecycle = NSLock()  // one start or stop at a time

    /// `work` runs each frame on the worker thread.
    public init(work: @escaping @Sendable (Int) -> Void) {
        core = Core(work: work)
    }

    deinit { core.requestStop() }  // the thread ends after its frame

    /// Stops the running thread, waits for it to end, then starts a new one.
    public func start() {
        lifecycle.withLock {
            core.stopAndJoin()
            core.spawn()
        }
    }

    /// Stops after the frame in progress; blocks until the thread has ended.
    /// A frame still waiting in the slot is dropped.
    public func stop() {
        lifecycle.withLock { core.stopAndJoin() }
    }

    /// Asks the thread to run `frame`; `false` when paused or not running.
    @discardableResult
    public func trigger(_ frame: Int) -> Bool { core.trigger(frame) }

    /// The thread waits after the frame it is on; triggers are refused.
    public func pause() { core.setPaused(true) }

    /// The thread takes triggers again.
    public func resume() { core.setPaused(false) }
}

// MARK: - The thread's loop: wait on the condition, take the newest frame

extension KeptThreadControl {
    // `@unchecked Sendable`: every stored `var` is guarded by `condition`.
    private final class Core: @unchecked Sendable {
        private let condition = NSCondition()
        private var pending: Int?  // the one-slot mailbox
        private var isPaused = false
        private var isRunning = false
        private var stopping = false
        private var exited: DispatchSemaphore?  // the live thread's end
        private let work: @Sendable (Int) -> Void

        init(work: @escaping @Sendable (Int) -> Void) { self.work = work }

        func trigger(_ frame: Int) -> Bool {
            condition.withLock {
                guard isRunning, !stopping, !isPaused else { return false }
                pending = frame  // replaces a frame not yet taken: skipped
                condition.signal()
                return true
            }
        }

        func setPaused(_ paused: Bool) {
            condition.withLock {
                isPaused = paused
                condition.signal()
            }
        }

        func spawn() {
            let exited = DispatchSemaphore(value: 0)
            condition.withLock {
                stopping = false
                isRunning = true
                self.exited = exited
            }
            let thread = Thread { [self] in
                loop()
                exited.signal()  // the thread's last act
            }
            thread.name = "kept-worker"
            thread.qualityOfService = .userInitiated
            thread.start()
        }

        func requestStop() {
            condition.withLock {
                stopping = true
                pending = nil
                condition.signal()
            }
        }

        func stopAndJoin() {
            requestStop()
            let exited = condition.withLock { self.exited }
            exited?.wait()  // the join: the old thread has ended
            condition.withLock {
                self.exited = nil
                isRunning = false
            }
        }

        private func loop() {
            while true {
                condition.lock()
                while !stopping && (isPaused || pending == nil) {
                    condition.wait()
                }
                // Checked after the wait: a stop wins over a pending frame.
                guard !stopping, let frame = pending else {
                    condition.unlock()
                    return
                }
                pending = nil
                condition.unlock()
                work(frame)  // triggers meanwhile refill the slot
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension KeptThreadControl {
    /// Frame 1 blocks until released; frames 2, 3 and 4 arrive meanwhile.
    public static func skipWhileBusy(log: @escaping @Sendable (String) -> Void)
    {
        let began = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let worker = KeptThreadControl { frame in
            log("frame \(frame) begins")
            if frame == 1 {
                began.signal()
                release.wait()
            }
            ended.signal()
        }
        worker.start()
        worker.trigger(1)
        began.wait()
        for frame in 2...4 { worker.trigger(frame) }
        log("triggered 2, 3, 4 while frame 1 runs")
        release.signal()
        ended.wait()
        ended.wait()
        worker.stop()
        log("stopped")
    }

    /// Runs a frame, pauses, is refused one, resumes and runs another.
    public static func pauseAndResume(log: @escaping @Sendable (String) -> Void)
    {
        let ended = DispatchSemaphore(value: 0)
        let worker = KeptThreadControl { frame in
            log("frame \(frame) runs")
            ended.signal()
        }
        worker.start()
        worker.trigger(1)
        ended.wait()
        worker.pause()
        log("paused; frame 2 accepted: \(worker.trigger(2))")
        worker.resume()
        log("resumed")
        let accepted = worker.trigger(3)
        ended.wait()
        log("frame 3 accepted: \(accepted)")
        worker.stop()
        log("stopped")
    }

    /// Starts again while frame 1 runs: frame 2 begins after frame 1 ends.
    public static func stopThenStart(log: @escaping @Sendable (String) -> Void)
    {
        let began = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let worker = KeptThreadControl { frame in
            log("frame \(frame) begins")
            if frame == 1 {
                began.signal()
                release.wait()
            }
            log("frame \(frame) ends")
            ended.signal()
        }
        worker.start()
        worker.trigger(1)
        began.wait()
        log("start again")
        let restarted = DispatchSemaphore(value: 0)
        Thread {
            worker.start()  // blocks until frame 1's thread has ended
            restarted.signal()
        }.start()
        release.signal()
        restarted.wait()
        worker.trigger(2)
        ended.wait()
        ended.wait()
        worker.stop()
        log("stopped")
    }
}
