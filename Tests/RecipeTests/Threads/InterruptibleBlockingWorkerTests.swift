import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.serialized) struct InterruptibleBlockingWorkerTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Starts one side's worker; returns a stop that returns once the worker's thread has ended.
    static func start(
        _ side: Side, retryDelay: Duration, connect: @escaping @Sendable () -> Int32?,
        received: @escaping @Sendable (String) -> Void = { _ in }
    ) -> @Sendable () async -> Void {
        switch side {
        case .legacy:
            let worker = Legacy.InterruptibleBlockingWorker(
                retryDelay: retryDelay, connect: connect, received: received)
            worker.start()
            return { await onOwnThread { worker.stop() } }
        case .modern:
            let worker = Modern.InterruptibleBlockingWorker(
                retryDelay: retryDelay, connect: connect, received: received)
            let task = Task { try await worker.run() }
            return {
                task.cancel()
                _ = await task.result
            }
        }
    }

    static func socketPair() -> (worker: Int32, device: Int32) {
        var ends: [Int32] = [-1, -1]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// Both sides read what the device sends, reconnect after it hangs up, and stop while blocked
    /// waiting for the next reading.
    @Test(arguments: Side.allCases)
    func bothReadReconnectAndStopWhileBlocked(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.InterruptibleBlockingWorker.readThenStop(retryDelay: .milliseconds(1), log: recorder.logger)
            }
        case .modern:
            await Modern.InterruptibleBlockingWorker.readThenStop(retryDelay: .milliseconds(1), log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "connected (1)", "received: reading 1", "connected (2)", "received: reading 2",
                "stopped while blocked: the thread has ended",
            ])
    }

    /// A stop (or cancel) during a one-minute retry sleep ends the worker at once: the test would
    /// otherwise wait a minute; connect ran once.
    @Test(arguments: Side.allCases)
    func stopDuringTheRetrySleepEndsIt(_ side: Side) async {
        let connects = Locked(0)
        let tried = DispatchSemaphore(value: 0)
        let stop = Self.start(side, retryDelay: .seconds(60)) {
            connects.withLock { $0 += 1 }
            tried.signal()
            return nil
        }
        await onOwnThread { tried.wait() }
        await stop()
        #expect(connects.withLock { $0 } == 1)
    }

    /// Bad input: a device that hangs up at once (a closed connection) is retried, each time after
    /// the pause, until the worker is stopped.
    @Test(arguments: Side.allCases)
    func aClosedConnectionIsRetried(_ side: Side) async {
        let given = Locked<[Int32]>([])
        let thirdTry = DispatchSemaphore(value: 0)
        let stop = Self.start(side, retryDelay: .milliseconds(1)) {
            let pair = Self.socketPair()
            close(pair.device)  // hung up before the first read
            let count = given.withLock {
                $0.append(pair.worker)
                return $0.count
            }
            if count == 3 { thirdTry.signal() }
            return pair.worker
        }
        await onOwnThread { thirdTry.wait() }
        await stop()
        #expect(given.withLock { $0.count } >= 3)
    }

    /// Cancellation: a task cancelled before `run()` ends at once, and its worker never connects.
    @Test func modernCancelledBeforeRunNeverConnects() async throws {
        let connected = Locked(false)
        let worker = Modern.InterruptibleBlockingWorker(
            retryDelay: .seconds(60), connect: { connected.withLock { $0 = true }; return nil }, received: { _ in })
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await worker.run()
        }
        try await task.value
        #expect(connected.withLock { $0 } == false)
    }

    /// The declared difference. Modern: the self-pipe wakes a worker blocked on any descriptor, a
    /// pipe included. Legacy: `shutdown` works only on sockets, so on a pipe `stop()` waits until the
    /// device writes, and that late reading is still delivered.
    @Test(arguments: Side.allCases)
    func onAPipeOnlyTheSelfPipeWakesTheWorker(_ side: Side) async {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let connected = DispatchSemaphore(value: 0)
        let received = Locked<[String]>([])
        let handed = Locked(false)
        let stop = Self.start(
            side, retryDelay: .milliseconds(1),
            connect: {
                let first = handed.withLock { value in
                    defer { value = true }
                    return !value
                }
                guard first else { return nil }
                connected.signal()
                return readEnd
            }, received: { text in received.withLock { $0.append(text) } })
        await onOwnThread { connected.wait() }
        switch side {
        case .modern:
            await stop()
            #expect(received.withLock { $0 }.isEmpty)
            close(writeEnd)
        case .legacy:
            let stopped = Locked(false)
            let stopping = Task {
                await stop()
                stopped.withLock { $0 = true }
            }
            #expect(stopped.withLock { $0 } == false, "stop() returned with the read still blocked")
            let late = Array("late".utf8)
            #expect(write(writeEnd, late, late.count) == late.count)
            close(writeEnd)  // then end-of-file: the read returns and the flag is seen
            await stopping.value
            #expect(received.withLock { $0 } == ["late"])
        }
    }
}
