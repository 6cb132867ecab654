import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct CancellableFetchTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let chunks = FakeConnection.chunks(5, size: 8)
    static let body = chunks.reduce(Data(), +)

    /// Fetches from `connection`; with `cancelAfter`, cancels once that many chunks were received
    /// (the connection pauses there); with `cancelAtOnce`, cancels right after starting. Returns
    /// the data (nil when cancelled) and how often the legacy completion block ran.
    static func fetch(
        _ side: Side, _ connection: FakeConnection, cancelAfter: Int? = nil, cancelAtOnce: Bool = false,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> (data: Data?, completions: Int, error: (any Error)?) {
        let gate = LineGate(prefix: "received", count: cancelAfter ?? 0)
        switch side {
        case .legacy:
            return await onOwnThread {
                let completions = Locked(0)
                let completed = DispatchSemaphore(value: 0)
                let operation = Legacy.CancellableFetch(
                    connection: .init(start: connection.start, cancel: connection.cancel), log: gate.logger(log))
                operation.completionBlock = {
                    completions.withLock { $0 += 1 }
                    completed.signal()
                }
                let queue = OperationQueue()
                queue.addOperation(operation)
                if cancelAtOnce { operation.cancel() }
                if cancelAfter != nil {
                    gate.waitUntilReached()
                    connection.waitUntilPaused()
                    operation.cancel()
                    connection.resume()
                }
                operation.waitUntilFinished()
                completed.wait()
                queue.waitUntilAllOperationsAreFinished()
                connection.waitUntilEnded()
                return (operation.data, completions.withLock { $0 }, operation.error)
            }
        case .modern:
            let fetch = Task {
                try await Modern.CancellableFetch.data(
                    from: .init(start: connection.start, cancel: connection.cancel), log: gate.logger(log))
            }
            if cancelAtOnce { fetch.cancel() }
            if cancelAfter != nil {
                await gate.reached()
                await connection.paused()
                fetch.cancel()
                connection.resume()
            }
            let result = await fetch.result
            await connection.ended()
            switch result {
            case .success(let data): return (data, 1, nil)
            case .failure(let error): return (nil, 1, error is CancellationError ? nil : error)
            }
        }
    }

    @Test(arguments: Side.allCases)
    func completesWithTheWholeBody(_ side: Side) async {
        let connection = FakeConnection(chunks: Self.chunks)
        let result = await Self.fetch(side, connection)
        #expect(result.data == Self.body)
        #expect(result.completions == 1)
        #expect(connection.events == ["started"] + (1...5).map { "chunk \($0)" } + ["finished"])
    }

    /// A connection that fails ends the fetch with its error and no partial data, once. Before
    /// the failure path, the modern stream had no way to end: the loop waited for ever.
    @Test(.timeLimit(.minutes(1)), arguments: Side.allCases)
    func aFailedConnectionEndsTheFetchWithItsError(_ side: Side) async {
        let recorder = Recorder()
        let connection = FakeConnection(chunks: Self.chunks, failAfter: 2, log: recorder.logger)
        let result = await Self.fetch(side, connection, log: recorder.logger)
        #expect(result.data == nil)
        #expect(result.completions == 1)
        #expect(result.error is FakeConnection.Failure)
        #expect(connection.events == ["started", "chunk 1", "chunk 2", "failed after chunk 2"])
        #expect(recorder.lines == ["connection started", "received 8 bytes", "received 8 bytes"])
    }

    @Test(arguments: Side.allCases)
    func cancelMidwayCancelsTheConnectionAndDeliversNoData(_ side: Side) async {
        let recorder = Recorder()
        let connection = FakeConnection(chunks: Self.chunks, pauseAfter: 2, log: recorder.logger)
        let result = await Self.fetch(side, connection, cancelAfter: 2, log: recorder.logger)
        #expect(result.data == nil)
        #expect(result.completions == 1)
        // The network was told, and delivered nothing more.
        #expect(connection.events == ["started", "chunk 1", "chunk 2", "cancelled after chunk 2"])
        #expect(
            recorder.lines == ["connection started", "received 8 bytes", "received 8 bytes", "connection cancelled"])
    }

    /// Cancelled before it starts, the fetch never opens the connection: the queue never starts a
    /// cancelled operation, and the function checks before it opens the connection.
    @Test(arguments: Side.allCases)
    func cancelledBeforeItStartsNeverOpensTheConnection(_ side: Side) async {
        let connection = FakeConnection(chunks: Self.chunks)
        switch side {
        case .legacy:
            await onOwnThread {
                let operation = Legacy.CancellableFetch(
                    connection: .init(start: connection.start, cancel: connection.cancel), log: { _ in })
                operation.cancel()
                let queue = OperationQueue()
                queue.addOperation(operation)
                operation.waitUntilFinished()
            }
        case .modern:
            let fetch = Task {
                withUnsafeCurrentTask { $0?.cancel() }  // cancelled before it calls the fetch
                return try await Modern.CancellableFetch.data(
                    from: .init(start: connection.start, cancel: connection.cancel), log: { _ in })
            }
            await #expect(throws: CancellationError.self) { try await fetch.value }
        }
        #expect(!connection.events.contains("started"))
    }

    @Test(arguments: Side.allCases)
    func aCancelRacingTheLastEventFinishesOnce(_ side: Side) async {
        for _ in 0..<30 {
            let connection = FakeConnection(chunks: Self.chunks)
            let result = await Self.fetch(side, connection, cancelAtOnce: true)
            #expect(result.completions == 1)
            // All or nothing: never a partial body.
            #expect(result.data == nil || result.data == Self.body)
            // The connection was never started, or it ended: finished, or told to stop.
            let events = connection.events
            #expect(events.isEmpty || events.last == "finished" || events.last?.hasPrefix("cancelled") == true)
        }
    }

    @Test(arguments: Side.allCases)
    func noThreadOutlivesTheCancel(_ side: Side) async throws {
        let connection = FakeConnection(chunks: Self.chunks, pauseAfter: 2)
        let alive = Locked<Bool?>(nil)
        let result = await Self.fetch(side, connection, cancelAfter: 2) { line in
            // While chunks arrive, the connection's thread exists.
            guard line == "received 8 bytes", let tid = connection.deliveryThreadID else { return }
            alive.withLock { $0 = FileManager.default.fileExists(atPath: "/proc/self/task/\(tid)") }
        }
        #expect(result.data == nil)
        #expect(alive.withLock { $0 } == true)
        let tid = try #require(connection.deliveryThreadID)
        #expect(await LiveThreads.settle(tid: tid) == false)
    }
}
