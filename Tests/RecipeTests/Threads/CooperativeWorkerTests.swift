import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct CooperativeWorkerTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Lines with the thread each was logged on.
    final class ThreadLog: Sendable {
        private let entries = Locked<[(line: String, thread: ObjectIdentifier)]>([])

        var logger: @Sendable (String) -> Void {
            { [self] line in
                let thread = currentThread()
                entries.withLock { $0.append((line, thread)) }
            }
        }

        var lines: [String] { entries.withLock { $0.map(\.line) } }

        func thread(of line: String) -> ObjectIdentifier? {
            entries.withLock { $0.first { $0.line == line }?.thread }
        }
    }

    static func expected(stoppingAfter stop: Int) -> [String] {
        (1...stop).map { "chunk \($0)" } + ["exit requested", "cleanup: \(stop) of 100 chunks processed"]
    }

    /// Runs 100 chunks; the worker pauses after chunk `stop`, the controller requests the exit and
    /// calls `whilePaused` (on the controller's thread), then lets the worker go on.
    static func run(
        _ side: Side,
        stoppingAfter stop: Int,
        log: @escaping @Sendable (String) -> Void,
        whilePaused: @escaping @Sendable () -> Void = {}
    ) async {
        switch side {
        case .legacy:
            await onOwnThread {
                let reached = DispatchSemaphore(value: 0)
                let proceed = DispatchSemaphore(value: 0)
                let worker = Legacy.CooperativeWorker(
                    chunks: 100,
                    process: { chunk in
                        if chunk == stop {
                            reached.signal()
                            proceed.wait()
                        }
                    },
                    log: log
                )
                reached.wait()
                worker.requestExit()
                whilePaused()
                proceed.signal()
                worker.waitUntilFinished()
            }
        case .modern:
            let reached = AsyncStream.makeStream(of: Void.self)
            // The worker's pause must outlast its cancellation: an `AsyncStream` loop would end as
            // soon as the task is cancelled, and the worker would run on while "paused".
            let proceed = Latch()
            let worker = Modern.CooperativeWorker(
                chunks: 100,
                process: { chunk in
                    if chunk == stop {
                        reached.continuation.yield()
                        await proceed.wait()
                    }
                },
                log: log
            )
            for await _ in reached.stream { break }
            worker.requestExit()
            whilePaused()
            proceed.open()
            await worker.waitUntilFinished()
        }
    }

    @Test(arguments: Side.allCases, [1, 10, 100])
    func stopsAfterTheChunkItWasWorkingOn(_ side: Side, stop: Int) async {
        let recorder = Recorder()
        await Self.run(side, stoppingAfter: stop, log: recorder.logger)
        #expect(recorder.lines == Self.expected(stoppingAfter: stop))
    }

    @Test(arguments: Side.allCases)
    func withoutARequestItProcessesEveryChunk(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.CooperativeWorker(chunks: 100, process: { _ in }, log: recorder.logger).waitUntilFinished()
            }
        case .modern:
            await Modern.CooperativeWorker(chunks: 100, process: { _ in }, log: recorder.logger).waitUntilFinished()
        }
        #expect(recorder.lines == (1...100).map { "chunk \($0)" } + ["cleanup: 100 of 100 chunks processed"])
    }

    /// Cancelled while paused, cancelled right away (the request races the first chunks), or never
    /// cancelled: `onCancel` and the body's path never both clean up.
    @Test(arguments: Side.allCases)
    func cleanupIsRecordedExactlyOnce(_ side: Side) async throws {
        for stop in [1, 10, 100] {
            let recorder = Recorder()
            await Self.run(side, stoppingAfter: stop, log: recorder.logger)
            #expect(recorder.lines.filter { $0.hasPrefix("cleanup") }.count == 1)
            #expect(recorder.lines.last?.hasPrefix("cleanup") == true)
        }
        for _ in 0..<20 {
            let recorder = Recorder()
            switch side {
            case .legacy:
                await onOwnThread {
                    let worker = Legacy.CooperativeWorker(chunks: 100, process: { _ in }, log: recorder.logger)
                    worker.requestExit()
                    worker.waitUntilFinished()
                }
            case .modern:
                let worker = Modern.CooperativeWorker(chunks: 100, process: { _ in }, log: recorder.logger)
                worker.requestExit()
                await worker.waitUntilFinished()
            }
            let lines = recorder.lines
            #expect(lines.filter { $0.hasPrefix("cleanup") }.count == 1)
            #expect(lines.filter { $0 == "exit requested" }.count <= 1)
            // Legacy: the request runs on the worker thread between chunks, so cleanup is the last
            // line. Modern: `onCancel` runs on this thread while the body runs on another, which can
            // see the cancel, clean up and end before the handler's line lands; only the body's
            // lines are in order.
            let body = side == .modern ? lines.filter { $0 != "exit requested" } : lines
            let chunks = body.filter { $0.hasPrefix("chunk ") }
            #expect(chunks == (0..<chunks.count).map { "chunk \($0 + 1)" })
            #expect(body.last == "cleanup: \(chunks.count) of 100 chunks processed")
        }
    }

    @Test func legacyRequestRunsLaterOnTheWorkerThread() async throws {
        let log = ThreadLog()
        let seenWhilePaused = Locked<[String]>([])
        let controller = Locked<ObjectIdentifier?>(nil)
        await Self.run(.legacy, stoppingAfter: 10, log: log.logger) {
            seenWhilePaused.withLock { $0 = log.lines }
            controller.withLock { $0 = currentThread() }
        }
        // requestExit() had returned, and nothing had happened yet: the block waits for the worker's run loop.
        #expect(seenWhilePaused.withLock { $0 } == (1...10).map { "chunk \($0)" })
        #expect(log.lines == Self.expected(stoppingAfter: 10))
        let worker = try #require(log.thread(of: "chunk 10"))
        #expect(log.thread(of: "exit requested") == worker)
        #expect(controller.withLock { $0 } != worker)
    }

    @Test func modernOnCancelRunsAtOnceOnTheCancellingThread() async throws {
        let log = ThreadLog()
        let seenWhilePaused = Locked<[String]>([])
        let controller = Locked<ObjectIdentifier?>(nil)
        await Self.run(.modern, stoppingAfter: 10, log: log.logger) {
            seenWhilePaused.withLock { $0 = log.lines }
            controller.withLock { $0 = currentThread() }
        }
        // `onCancel` ran inside `cancel()`, before the worker, still paused, had noticed.
        #expect(seenWhilePaused.withLock { $0 } == (1...10).map { "chunk \($0)" } + ["exit requested"])
        #expect(log.lines == Self.expected(stoppingAfter: 10))
        let cancelling = try #require(controller.withLock { $0 })
        #expect(log.thread(of: "exit requested") == cancelling)
    }
}

/// The identity of the calling thread (a synchronous function, so async tests can call it).
private func currentThread() -> ObjectIdentifier {
    ObjectIdentifier(Thread.current)
}
