import Synchronization

/// A worker task the caller triggers, pauses, resumes, stops and starts
/// again: one frame at a time, the newest pending frame kept.
///
/// Triggers go into an `AsyncStream` that buffers the newest frame only
/// (`.bufferingNewest(1)`): while the worker is busy, each trigger replaces
/// the one waiting, so the frames in between are skipped. Pause is a state
/// the loop awaits before each frame; triggers are refused while paused.
/// `start` never blocks: it stops the worker it replaces and starts a new
/// one whose first act is to await the old task's end, so two workers never
/// run frames at once, however many `start` calls race. The task holds the
/// stream, the gate and the work, never its owner: an owner that goes away
/// stops it.
public nonisolated final class KeptThreadControl: Sendable {
    private struct Worker: Sendable {
        let frames: AsyncStream<Int>.Continuation
        let task: Task<Void, Never>

        func requestStop() {
            frames.finish()  // a frame still buffered is dropped
            task.cancel()  // wakes the loop out of a pause
        }
    }

    private let current = Mutex<Worker?>(nil)
    private let gate = PauseGate()
    private let work: @Sendable (Int) async -> Void

    /// `work` runs each frame in the worker task.
    public init(work: @escaping @Sendable (Int) async -> Void) {
        self.work = work
    }

    deinit { current.withLock { $0 }?.requestStop() }

    /// Stops the running worker and starts one that begins once the old
    /// one has ended. Returns at once; triggers from now on go to the new one.
    public func start() {
        current.withLock { current in
            let old = current
            old?.requestStop()
            let (frames, continuation) = AsyncStream.makeStream(
                of: Int.self, bufferingPolicy: .bufferingNewest(1))
            let task = Task { [gate, work] in
                await old?.task.value  // the join: the old worker has ended
                for await frame in frames {
                    await gate.waitWhilePaused()
                    // Checked after every wait: a stop wins over a frame.
                    if Task.isCancelled { return }
                    await work(frame)
                }
            }
            current = Worker(frames: continuation, task: task)
        }
    }

    /// Stops after the frame in progress and waits for the worker to end.
    public func stop() async {
        let worker = current.withLock { current in
            defer { current = nil }
            return current
        }
        worker?.requestStop()
        await worker?.task.value
    }

    /// Asks the worker to run `frame`; `false` when paused or not running.
    @discardableResult
    public func trigger(_ frame: Int) -> Bool {
        guard !gate.isPaused, let worker = current.withLock({ $0 }) else {
            return false
        }
        if case .terminated = worker.frames.yield(frame) { return false }
        return true
    }

    /// The worker waits after the frame it is on; triggers are refused.
    public func pause() { gate.setPaused(true) }

    /// The worker takes triggers again.
    public func resume() { gate.setPaused(false) }
}

// MARK: - The pause state the loop awaits

/// Paused or not; the worker loop suspends in `waitWhilePaused` until
/// resumed or cancelled. Each wait has an id, so a cancelled worker's
/// handler resumes that worker's wait and no other.
nonisolated final class PauseGate: Sendable {
    private struct State {
        var isPaused = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    var isPaused: Bool { state.withLock { $0.isPaused } }

    func setPaused(_ paused: Bool) {
        let resumed = state.withLock { state in
            state.isPaused = paused
            guard !paused else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in resumed { waiter.resume() }
    }

    func waitWhilePaused() async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiter in
                let waits = state.withLock { state in
                    guard state.isPaused, !Task.isCancelled else {
                        return false
                    }
                    state.waiters[id] = waiter
                    return true
                }
                if !waits { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension KeptThreadControl {
    /// Frame 1 waits until released; frames 2, 3 and 4 arrive meanwhile.
    public static func skipWhileBusy(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (began, beganNow) = AsyncStream.makeStream(of: Int.self)
        let (release, releaseNow) = AsyncStream.makeStream(of: Void.self)
        let worker = KeptThreadControl { frame in
            log("frame \(frame) begins")
            beganNow.yield(frame)
            if frame == 1 { for await _ in release { break } }
        }
        worker.start()
        var begun = began.makeAsyncIterator()
        worker.trigger(1)
        _ = await begun.next()
        for frame in 2...4 { worker.trigger(frame) }
        log("triggered 2, 3, 4 while frame 1 runs")
        releaseNow.yield()
        _ = await begun.next()
        await worker.stop()
        log("stopped")
    }

    /// Runs a frame, pauses, is refused one, resumes and runs another.
    public static func pauseAndResume(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (ended, endedNow) = AsyncStream.makeStream(of: Void.self)
        let worker = KeptThreadControl { frame in
            log("frame \(frame) runs")
            endedNow.yield()
        }
        worker.start()
        var ends = ended.makeAsyncIterator()
        worker.trigger(1)
        _ = await ends.next()
        worker.pause()
        log("paused; frame 2 accepted: \(worker.trigger(2))")
        worker.resume()
        log("resumed")
        let accepted = worker.trigger(3)
        _ = await ends.next()
        log("frame 3 accepted: \(accepted)")
        await worker.stop()
        log("stopped")
    }

    /// Starts again while frame 1 runs: frame 2 begins after frame 1 ends.
    public static func stopThenStart(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (began, beganNow) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseNow) = AsyncStream.makeStream(of: Void.self)
        let (ended, endedNow) = AsyncStream.makeStream(of: Void.self)
        let worker = KeptThreadControl { frame in
            log("frame \(frame) begins")
            if frame == 1 {
                beganNow.yield()
                // Not a child: the restart's cancel doesn't end this wait.
                await Task { for await _ in release { break } }.value
            }
            log("frame \(frame) ends")
            endedNow.yield()
        }
        worker.start()
        worker.trigger(1)
        for await _ in began { break }
        log("start again")
        worker.start()  // returns at once; the new worker waits
        worker.trigger(2)
        releaseNow.yield()
        var ends = ended.makeAsyncIterator()
        _ = await ends.next()
        _ = await ends.next()
        await worker.stop()
        log("stopped")
    }
}
