import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct KeptThreadControlTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// One side's worker behind the same calls. Legacy frames run the async `work` to its end on
    /// the worker thread (which blocks there, as a legacy frame does); legacy `start` and `stop`
    /// block, so they run on a thread of their own.
    final class Worker: Sendable {
        let legacy: Legacy.KeptThreadControl?
        let modern: Modern.KeptThreadControl?

        init(_ side: Side, work: @escaping @Sendable (Int) async -> Void) {
            switch side {
            case .legacy:
                legacy = Legacy.KeptThreadControl { frame in
                    let done = DispatchSemaphore(value: 0)
                    Task {
                        await work(frame)
                        done.signal()
                    }
                    done.wait()
                }
                modern = nil
            case .modern:
                legacy = nil
                modern = Modern.KeptThreadControl(work: work)
            }
        }

        func start() async {
            if let legacy { await onOwnThread { legacy.start() } }
            modern?.start()
        }

        func stop() async {
            if let legacy { await onOwnThread { legacy.stop() } }
            await modern?.stop()
        }

        @discardableResult func trigger(_ frame: Int) -> Bool {
            legacy?.trigger(frame) ?? modern!.trigger(frame)
        }

        func pause() {
            legacy?.pause()
            modern?.pause()
        }

        func resume() {
            legacy?.resume()
            modern?.resume()
        }
    }

    /// What the frames did, in order, and how many ran at once at most.
    final class Frames: Sendable {
        let events = Locked<[String]>([])
        let running = Locked((now: 0, most: 0))
        let (stream, sink) = AsyncStream.makeStream(of: String.self)

        func begin(_ frame: Int) {
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            record("begin \(frame)")
        }

        func end(_ frame: Int) {
            running.withLock { $0.now -= 1 }
            record("end \(frame)")
        }

        func record(_ event: String) {
            events.withLock { $0.append(event) }
            sink.yield(event)
        }

        var ran: [Int] {
            events.withLock { $0 }.compactMap { $0.hasPrefix("begin ") ? Int($0.dropFirst(6)) : nil }
        }

        /// A worker that records its frames here and holds frame `held` until `hold` opens.
        func worker(_ side: Side, holding held: Int, until hold: Latch) -> Worker {
            Worker(side) { frame in
                self.begin(frame)
                if frame == held { await hold.wait() }
                self.end(frame)
            }
        }

        /// Suspends until `event` has been recorded (now or earlier).
        func until(_ event: String) async {
            for await seen in stream where seen == event { return }
        }
    }

    /// Signals when it is released: the worker has let go of the work that held it.
    final class Token: Sendable {
        let released: @Sendable () -> Void
        init(_ released: @escaping @Sendable () -> Void) { self.released = released }
        deinit { released() }
    }

    /// Triggers while frame 1 runs are all accepted; the one waiting is replaced each time, so
    /// only the newest (9) runs after frame 1, and never two frames at once.
    @Test(arguments: Side.allCases)
    func theNewestFrameRunsAndTheOnesInBetweenAreSkipped(_ side: Side) async {
        let frames = Frames()
        let hold = Latch()
        let worker = frames.worker(side, holding: 1, until: hold)
        await worker.start()
        #expect(worker.trigger(1))
        await frames.until("begin 1")
        for frame in 2...9 { #expect(worker.trigger(frame)) }
        hold.open()
        await frames.until("end 9")
        await worker.stop()
        #expect(frames.ran == [1, 9])
        #expect(frames.running.withLock { $0.most } == 1)
    }

    /// Paused, the worker refuses triggers and runs nothing; a pause during a frame lets that frame
    /// finish; after `resume` it takes triggers again. Stopped, it refuses them for good.
    @Test(arguments: Side.allCases)
    func aPausedWorkerRefusesTriggersAndRunsNothing(_ side: Side) async {
        let frames = Frames()
        let hold = Latch()
        let worker = frames.worker(side, holding: 3, until: hold)
        await worker.start()
        worker.pause()
        #expect(!worker.trigger(1))
        worker.resume()
        #expect(worker.trigger(2))
        await frames.until("end 2")
        #expect(worker.trigger(3))
        await frames.until("begin 3")
        worker.pause()
        hold.open()
        await frames.until("end 3")
        #expect(!worker.trigger(4))
        worker.resume()
        #expect(worker.trigger(5))
        await frames.until("end 5")
        await worker.stop()
        #expect(!worker.trigger(6))
        #expect(frames.ran == [2, 3, 5])
    }

    /// Started again while frame 1 runs, the new worker's first frame begins only after frame 1
    /// has ended: the old thread or task is joined before the new one runs anything.
    @Test(arguments: Side.allCases)
    func startWaitsForTheOldWorkerToEnd(_ side: Side) async {
        let frames = Frames()
        let hold = Latch()
        let worker = Worker(side) { frame in
            frames.begin(frame)
            if frame == 1 { await hold.wait() }
            for _ in 0..<20 { await Task.yield() }  // room for an overlap
            frames.end(frame)
        }
        await worker.start()
        worker.trigger(1)
        await frames.until("begin 1")
        let restarted = Task { await worker.start() }
        if side == .modern {
            await restarted.value  // returns at once; frame 2 must wait
            #expect(worker.trigger(2))
            hold.open()
        } else {
            hold.open()  // the legacy start returns once frame 1 has ended
            await restarted.value
            #expect(frames.events.withLock { $0 }.contains("end 1"))
            #expect(worker.trigger(2))
        }
        await frames.until("end 2")
        await worker.stop()
        #expect(frames.events.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
    }

    /// Many `start` calls racing with triggers: never two frames at once, and after `stop()`
    /// every worker they made has ended and let go of the work.
    @Test(arguments: Side.allCases)
    func racingStartsNeverRunTwoFramesAtOnce(_ side: Side) async {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let frames = Frames()
        do {
            let token = Token { release.yield() }
            let worker = Worker(side) { frame in
                _ = token
                frames.begin(frame)
                for _ in 0..<50 { await Task.yield() }
                frames.end(frame)
            }
            await withTaskGroup(of: Void.self) { group in
                for round in 0..<40 {
                    group.addTask {
                        await worker.start()
                        worker.trigger(round)
                    }
                }
            }
            await worker.stop()
        }
        for await _ in released { break }
        #expect(frames.running.withLock { $0.most } <= 1)
        #expect(frames.running.withLock { $0.now } == 0)
    }

    /// `stop` while paused wakes the worker out of its pause and ends it: it returns, and the
    /// worker has released its work.
    @Test(arguments: Side.allCases)
    func stopWhilePausedEndsTheWorker(_ side: Side) async {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let ran = Locked(false)
        do {
            let token = Token { release.yield() }
            let worker = Worker(side) { _ in
                _ = token
                ran.withLock { $0 = true }
            }
            await worker.start()
            worker.pause()
            await worker.stop()
        }
        for await _ in released { break }
        #expect(!ran.withLock { $0 })
    }

    /// A frame triggered before a pause and still waiting when `stop` comes never runs: the stop is
    /// checked after the pause wait, before the frame.
    @Test(arguments: Side.allCases)
    func aFrameWaitingOutAPauseDoesNotRunAfterStop(_ side: Side) async {
        let frames = Frames()
        let hold = Latch()
        let worker = frames.worker(side, holding: 1, until: hold)
        await worker.start()
        worker.trigger(1)
        await frames.until("begin 1")
        #expect(worker.trigger(2))  // waits while frame 1 runs
        worker.pause()
        hold.open()
        await frames.until("end 1")
        await worker.stop()
        #expect(frames.ran == [1])
    }

    /// The thread or task holds its state, never its owner: an owner dropped without `stop()` is
    /// freed, and its worker ends and lets go of the work.
    @Test(arguments: Side.allCases)
    func anOwnerThatGoesAwayStopsItsWorker(_ side: Side) async {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let frames = Frames()
        weak var owner: Worker?
        do {
            let token = Token { release.yield() }
            let worker = Worker(side) { frame in
                _ = token
                frames.begin(frame)
                frames.end(frame)
            }
            owner = worker
            await worker.start()
            worker.trigger(1)
            await frames.until("end 1")
        }
        #expect(owner == nil)
        for await _ in released { break }  // the worker let go: it has ended
    }

    /// Modern only: `stop` cancels the worker task, so a frame that awaits something cancellable
    /// ends early. A legacy frame always runs to its end.
    @Test func modernStopCancelsTheFrameInProgress() async {
        let frames = Frames()
        let worker = Modern.KeptThreadControl { frame in
            frames.begin(frame)
            try? await Task.sleep(for: .seconds(60))
            frames.record("cancelled: \(Task.isCancelled)")
            frames.end(frame)
        }
        worker.start()
        worker.trigger(1)
        await frames.until("begin 1")
        await worker.stop()
        #expect(frames.events.withLock { $0 } == ["begin 1", "cancelled: true", "end 1"])
    }
}
