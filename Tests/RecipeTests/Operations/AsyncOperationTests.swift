import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct AsyncOperationTests {
    /// A legacy operation whose callback the test delivers by hand: `start()` records the
    /// operation, and `deliver()` plays the callback.
    final class HandCallback: Sendable {
        let started = Locked<Legacy.AsyncOperation?>(nil)
        let startedSignal = DispatchSemaphore(value: 0)
        let log: @Sendable (String) -> Void

        init(log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.log = log
        }

        func makeOperation() -> Legacy.AsyncOperation {
            Legacy.AsyncOperation { [self] operation in
                started.withLock { $0 = operation }
                startedSignal.signal()
            }
        }

        @discardableResult
        func deliver() -> Bool {
            guard let operation = started.withLock({ $0 }) else { return false }
            log("callback")
            return operation.finish()
        }
    }

    @Test func legacyIsFinishedOnlyAfterTheCallback() {
        let callback = HandCallback()
        let operation = callback.makeOperation()
        #expect(operation.isAsynchronous && operation.isReady)
        operation.start()
        // `start()` has returned, but the callback hasn't come.
        #expect(operation.isExecuting && !operation.isFinished)
        #expect(callback.deliver())
        #expect(operation.isFinished && !operation.isExecuting)
    }

    @Test func legacyDependentStartsOnlyAfterTheCallback() async {
        let recorder = Recorder()
        let callback = HandCallback(log: recorder.logger)
        let operation = callback.makeOperation()
        let dependentWasReady = await onOwnThread { () -> Bool in
            let dependent = BlockOperation { recorder.log("dependent") }
            dependent.addDependency(operation)
            let queue = OperationQueue()
            queue.addOperations([operation, dependent], waitUntilFinished: false)
            // The queue has started the operation; its callback hasn't come.
            callback.startedSignal.wait()
            let wasReady = dependent.isReady || dependent.isFinished
            callback.deliver()
            dependent.waitUntilFinished()
            return wasReady
        }
        #expect(!dependentWasReady)
        #expect(recorder.lines == ["callback", "dependent"])
    }

    @Test func legacyWaitUntilFinishedReturnsAfterTheCallback() async {
        let recorder = Recorder()
        let (byHand, onQueue) = await onOwnThread { () -> (Bool, Bool) in
            let request = Legacy.AsyncOperation.echo(after: .milliseconds(5))
            let started = Legacy.AsyncOperation.simpleOperation(111, request: request, log: recorder.logger)
            started.start()
            started.waitUntilFinished()
            let queued = Legacy.AsyncOperation.simpleOperation(222, request: request, log: recorder.logger)
            OperationQueue().addOperation(queued)
            queued.waitUntilFinished()
            return (started.isFinished, queued.isFinished)
        }
        #expect(byHand && onQueue)
        #expect(
            recorder.lines == [
                "Operation 111 - main", "Operation 111 - Parameter Object = 111",
                "Operation 222 - main", "Operation 222 - Parameter Object = 222",
            ])
    }

    @Test func legacyCancelledBeforeStartStillFinishes() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.AsyncOperation.runCancelledBeforeStart(log: recorder.logger) { done.resume() }
        }
        #expect(recorder.lines == ["Operation 111 - finished, cancelled: true"])

        // Started by hand, too: no work, finished, and `waitUntilFinished()` returns.
        let callback = HandCallback()
        let operation = callback.makeOperation()
        operation.cancel()
        operation.start()
        #expect(operation.isFinished && !operation.isExecuting)
        #expect(callback.started.withLock { $0 == nil })
        await onOwnThread { operation.waitUntilFinished() }
    }

    @Test func legacyCancelRacingTheCallbackFinishesOnce() async {
        let rounds = await onOwnThread { () -> [(extraFinishes: Int, finished: Bool)] in
            (0..<200).map { _ in
                let callback = HandCallback()
                let operation = callback.makeOperation()
                operation.start()
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        operation.cancel()
                    } else {
                        callback.deliver()
                    }
                }
                // cancel() finished it unless the callback got there first (then the cancel
                // found it finished and did nothing); either way a third call changes nothing.
                let third = operation.finish()
                return (third ? 1 : 0, operation.isFinished && !operation.isExecuting)
            }
        }
        #expect(rounds.allSatisfy { $0.extraFinishes == 0 && $0.finished })
    }

    /// An asynchronous operation that forgets `didChangeValue(forKey: "isFinished")`.
    final class SilentOperation: Operation, @unchecked Sendable {
        // `@unchecked Sendable`: `finished` is only accessed holding `lock`.
        private let lock = NSLock()
        private var finished = false
        override var isAsynchronous: Bool { true }
        override var isFinished: Bool { lock.withLock { finished } }
        override func start() {}
        func finishSilently() { lock.withLock { finished = true } }
    }

    @Test func legacyWithoutTheNotificationNobodySeesTheFinish() {
        let operation = SilentOperation()
        let dependent = BlockOperation {}
        dependent.addDependency(operation)
        operation.start()
        operation.finishSilently()
        #expect(operation.isFinished)
        #expect(!dependent.isReady)
        // The notification is what the dependent (and a queue) waits for.
        operation.didChangeValue(forKey: "isFinished")
        #expect(dependent.isReady)
    }

    @Test func modernAwaitReturnsAfterTheCallback() async throws {
        let recorder = Recorder()
        try await Modern.AsyncOperation.runPair(
            request: Modern.AsyncOperation.echo(after: .milliseconds(5)), log: recorder.logger)
        let lines = recorder.lines
        #expect(lines.last == "Both finished")
        #expect(lines.count == 6)
    }

    @Test func modernCancelledBeforeStartThrowsBeforeMain() async {
        let recorder = Recorder()
        await Modern.AsyncOperation.runCancelledBeforeStart(log: recorder.logger)
        #expect(recorder.lines == ["Operation 111 - finished, cancelled: true"])

        let outcome = await withTaskGroup(of: Result<Void, any Error>.self) { group in
            group.cancelAll()
            group.addTask {
                recorder.log("body ran")
                do {
                    try await Modern.AsyncOperation.simpleOperation(
                        111, request: Modern.AsyncOperation.echo(after: .zero), log: recorder.logger)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            return await group.next()!
        }
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(recorder.lines == ["Operation 111 - finished, cancelled: true", "body ran"])
    }

    @Test func modernCancelRacingTheCallbackResumesExactlyOnce() async {
        // The callback answers at once, on another task, while the waiting task is cancelled:
        // each round ends with the answer or with CancellationError; a double resume would trap.
        var answered = 0
        var cancelled = 0
        for round in 0..<200 {
            let task = Task {
                try await Modern.AsyncOperation.answer(round, from: Modern.AsyncOperation.echo(after: .zero))
            }
            task.cancel()
            switch await task.result {
            case .success(let value):
                #expect(value == round)
                answered += 1
            case .failure(let error):
                #expect(error is CancellationError)
                cancelled += 1
            }
        }
        #expect(answered + cancelled == 200)
    }

    @Test func modernCancelWhileWaitingDoesNotWaitForTheCallback() async {
        // The callback never comes; only the cancellation can end the wait.
        let recorder = Recorder()
        await Modern.AsyncOperation.runCancelledWhileWaiting(log: recorder.logger)
        #expect(recorder.lines == ["Operation 111 - main", "Operation 111 - finished, cancelled: true"])
    }
}
