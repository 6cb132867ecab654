import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct CountingOperationTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let counts = (0..<1000).map { "Count = \($0)" }

    @Test(arguments: Side.allCases)
    func byHandTheCallerGoesOnAfterTheLastCount(_ side: Side) async throws {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy: await onOwnThread { Legacy.CountingOperation.runByHand(log: log) }
        case .modern: try await Modern.CountingOperation.runByHand(log: log)
        }
        #expect(recorder.lines == Self.counts + ["Main thread is here"])
    }

    @Test(arguments: Side.allCases)
    func onAQueueTheCompletionComesAfterTheLastCount(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.CountingOperation.runOnQueue(OperationQueue(), log: recorder.logger) { done.resume() }
            }
        case .modern:
            await Modern.CountingOperation.runAsChildTask(log: recorder.logger)
        }
        #expect(recorder.lines == Self.counts + ["completion"])
    }

    @Test(arguments: Side.allCases)
    func bothStopAtTheNextCheckAfterACancel(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            let operation = Locked<Operation?>(nil)
            let counting = Legacy.CountingOperation(startingCount: 0, endingCount: 1000) { line in
                recorder.log(line)
                if line == "Count = 9" { operation.withLock { $0?.cancel() } }
            }
            operation.withLock { $0 = counting }
            await onOwnThread { counting.start() }
            #expect(counting.isCancelled && counting.isFinished)
        case .modern:
            let result = await Task {
                try await Modern.CountingOperation.count(from: 0, to: 1000) { line in
                    recorder.log(line)
                    if line == "Count = 9" { withUnsafeCurrentTask { $0?.cancel() } }
                }
            }.result
            #expect(throws: CancellationError.self) { try result.get() }
        }
        #expect(recorder.lines == Array(Self.counts.prefix(10)))
    }

    @Test func legacyBaseClassMarksTheSubclassFinished() async {
        let operation = Legacy.CountingOperation(startingCount: 0, endingCount: 3) { _ in }
        #expect(operation.isReady && !operation.isFinished)
        await onOwnThread { operation.start() }
        #expect(operation.isFinished && !operation.isExecuting && !operation.isCancelled)
    }

    @Test func legacyCompletionBlockSeesTheOperationFinished() async {
        let operation = Legacy.CountingOperation(startingCount: 0, endingCount: 3) { _ in }
        let finished = await withCheckedContinuation { done in
            operation.completionBlock = { [unowned operation] in done.resume(returning: operation.isFinished) }
            OperationQueue().addOperation(operation)
        }
        #expect(finished)
    }

    @Test func legacyCancelledBeforeStartSkipsMainButFinishes() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.CountingOperation.runCancelledBeforeStart(log: recorder.logger) { done.resume() }
        }
        #expect(recorder.lines == ["completion"])

        let operation = Legacy.CountingOperation(startingCount: 0, endingCount: 3, log: recorder.logger)
        operation.cancel()
        await onOwnThread { operation.start() }
        #expect(operation.isFinished && operation.isCancelled)
        #expect(recorder.lines == ["completion"])
    }

    @Test func modernCancelledChildRunsItsBodyAndThrowsAtTheFirstCheck() async {
        let recorder = Recorder()
        await Modern.CountingOperation.runCancelledBeforeStart(log: recorder.logger)
        #expect(recorder.lines == ["completion"])

        let outcome = await withTaskGroup(of: Result<Void, any Error>.self) { group in
            group.cancelAll()
            group.addTask {
                recorder.log("body ran")
                do {
                    try await Modern.CountingOperation.count(from: 0, to: 3, log: recorder.logger)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            return await group.next()!
        }
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(recorder.lines == ["completion", "body ran"])
    }
}
