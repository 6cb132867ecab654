import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct InvocationOperationStartTests {
    static let expected = ["Parameter Object = 123", "Back in the caller"]

    @Test func legacyEntryRunsOnTheThreadThatCalledStart() async {
        let recorder = Recorder()
        let sameThread = await onOwnThread { () -> Bool in
            let caller = ObjectIdentifier(Thread.current)
            let onCaller = Locked(true)
            let owner = Legacy.InvocationOperationStart { line in
                recorder.log(line)
                if ObjectIdentifier(Thread.current) != caller { onCaller.withLock { $0 = false } }
            }
            owner.startSimpleOperation()
            return onCaller.withLock { $0 }
        }
        #expect(sameThread)
        #expect(recorder.lines == Self.expected)
    }

    @Test func legacyCompletionBlockRunsOnAnotherThread() async {
        let onCaller = await onOwnThread { () -> Bool in
            let caller = pthread_self()
            let ran = DispatchSemaphore(value: 0)
            let sameThread = Locked(true)
            let operation = BlockOperation {}
            operation.completionBlock = {
                sameThread.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
                ran.signal()
            }
            operation.start()
            // The caller stays alive (and blocked) until the completion block has run.
            ran.wait()
            return sameThread.withLock { $0 }
        }
        #expect(!onCaller)
    }

    @Test func modernAwaitRunsTheEntryBeforeTheNextLine() async {
        let recorder = Recorder()
        await Modern.InvocationOperationStart(log: recorder.logger).startSimpleOperation()
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernImmediateTaskRunsTheEntryBeforeReturning() async {
        let recorder = Recorder()
        let task = await onOwnThread { () -> Task<Void, Never> in
            let task = Modern.InvocationOperationStart(log: recorder.logger).startImmediately()
            recorder.log("after startImmediately()")
            return task
        }
        await task.value
        #expect(recorder.lines == Self.expected + ["after startImmediately()"])
    }
}
