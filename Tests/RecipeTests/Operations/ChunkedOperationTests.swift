import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct ChunkedOperationTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func chunks(_ name: String, _ range: ClosedRange<Int>) -> [String] {
        range.map { "\(name) - chunk \($0)" }
    }

    @Test(arguments: Side.allCases)
    func aRunningJobStopsAtItsNextCheck(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy: await onOwnThread { Legacy.ChunkedOperation.runCancelledWhileRunning(log: log) }
        case .modern: await Modern.ChunkedOperation.runCancelledWhileRunning(log: log)
        }
        #expect(recorder.lines == Self.chunks("A", 1...10) + ["A - processed 10 of 100 chunks, cancelled: true"])
    }

    @Test(arguments: Side.allCases)
    func aQueuedJobNeverProcessesAChunk(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy: await onOwnThread { Legacy.ChunkedOperation.runCancelAll(log: log) }
        case .modern: await Modern.ChunkedOperation.runCancelAll(log: log)
        }
        #expect(
            recorder.lines == Self.chunks("A", 1...10) + [
                "A - processed 10 of 100 chunks, cancelled: true",
                "B - processed 0 of 100 chunks, cancelled: true",
            ])
    }

    @Test(arguments: Side.allCases)
    func uncancelledJobsRunEveryChunk(_ side: Side) async {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                _ = Legacy.ChunkedOperation.runSerially(["A", "B"], log: log) { _, _ in } completion: {
                    done.resume()
                }
            }
        case .modern:
            await Modern.ChunkedOperation.runSerially(["A", "B"], log: log) { _, _ in }
        }
        #expect(
            recorder.lines == Self.chunks("A", 1...100) + Self.chunks("B", 1...100) + [
                "A - processed 100 of 100 chunks, cancelled: false",
                "B - processed 100 of 100 chunks, cancelled: false",
            ])
    }

    @Test func legacyQueuedOperationNeverRunsMain() async {
        let recorder = Recorder()
        let operation = Legacy.ChunkedOperation(job: "B", log: recorder.logger)
        let queue = OperationQueue()
        queue.isSuspended = true
        queue.addOperation(operation)
        operation.cancel()
        queue.isSuspended = false
        await onOwnThread { operation.waitUntilFinished() }
        #expect(operation.isFinished && operation.isCancelled)
        #expect(operation.processedChunks == 0)
        #expect(recorder.lines.isEmpty)
    }

    @Test func legacyCancellingAFinishedOperationDoesNothing() async {
        let operation = Legacy.ChunkedOperation(job: "A", chunks: 3) { _ in }
        await onOwnThread { operation.start() }
        operation.cancel()
        #expect(operation.isFinished && !operation.isCancelled && operation.processedChunks == 3)
    }

    @Test func modernCancelledTaskStillRunsItsBody() async {
        let recorder = Recorder()
        let processed = await withTaskGroup(of: Int.self) { group in
            group.cancelAll()
            group.addTask {
                recorder.log("body ran")
                return await Modern.ChunkedOperation.process("B", log: recorder.logger)
            }
            return await group.next()!
        }
        #expect(processed == 0)
        #expect(recorder.lines == ["body ran"])
    }

    /// The summary says whether the job's task was cancelled, read in that task: a caller that
    /// formats the line afterwards, in a task nobody cancelled, still reports the job's flag.
    @Test func modernSummaryReportsTheJobsFlagNotTheCallers() async {
        let (processed, cancelled) = await withTaskGroup(of: (Int, Bool).self) { group in
            group.cancelAll()
            group.addTask {
                (await Modern.ChunkedOperation.process("B", chunks: 3, log: { _ in }), Task.isCancelled)
            }
            return await group.next()!
        }
        #expect(!Task.isCancelled)
        #expect(
            Modern.ChunkedOperation.summary("B", processed: processed, of: 3, cancelled: cancelled)
                == "B - processed 0 of 3 chunks, cancelled: true")
    }
}
