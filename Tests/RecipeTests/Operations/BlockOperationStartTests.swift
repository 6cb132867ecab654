import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct BlockOperationStartTests {
    static let expected = (0..<1000).map { "Count = \($0)" } + ["Main thread is here"]

    @Test func legacyCountsThenContinues() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.BlockOperationStart.countThenContinue(log: recorder.logger) }
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernCountsThenContinues() async {
        let recorder = Recorder()
        await Modern.BlockOperationStart.countThenContinue(log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func legacyBlockRunsOnTheThreadThatCalledStart() async {
        let sameThread = await onOwnThread {
            let caller = ObjectIdentifier(Thread.current)
            let ranOnCaller = Locked<[Bool]>([])
            let operation = BlockOperation {
                ranOnCaller.withLock { $0.append(ObjectIdentifier(Thread.current) == caller) }
            }
            operation.start()
            // `start()` has returned: the block has run, and the operation is finished.
            return ranOnCaller.withLock { $0 } == [true] && operation.isFinished
        }
        #expect(sameThread)
    }

    @Test func legacyStartHoldsTheMainQueueUntilTheBlockReturns() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                Legacy.BlockOperationStart.countThenContinue(to: 3) { line in
                    if line == "Count = 0" {
                        // A UI event arriving while the operation runs.
                        DispatchQueue.main.async {
                            recorder.log("UI event")
                            done.resume()
                        }
                    }
                    recorder.log(line)
                }
            }
        }
        #expect(recorder.lines == ["Count = 0", "Count = 1", "Count = 2", "Main thread is here", "UI event"])
    }

    @Test @MainActor func modernAwaitLeavesTheMainActorFreeWhileCounting() async {
        let recorder = Recorder()
        let handled = DispatchSemaphore(value: 0)
        await Modern.BlockOperationStart.countThenContinue(to: 3) { line in
            recorder.log(line)
            if line == "Count = 0" {
                // A UI event arriving while the count runs: the main actor handles it at once. The
                // count waits for it here, so the order is fixed; the timeout only keeps a broken
                // build from hanging the suite.
                Task { @MainActor in
                    recorder.log("UI event")
                    handled.signal()
                }
                _ = handled.wait(timeout: .now() + 10)
            }
        }
        #expect(recorder.lines == ["Count = 0", "UI event", "Count = 1", "Count = 2", "Main thread is here"])
    }

    @Test func aSecondStartDoesNothing() async {
        let recorder = Recorder()
        await onOwnThread {
            let log = recorder.logger
            let operation = BlockOperation { log("ran") }
            operation.start()
            operation.start()
        }
        #expect(recorder.lines == ["ran"])
    }
}
