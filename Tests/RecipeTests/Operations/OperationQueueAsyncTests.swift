import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct OperationQueueAsyncTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let first = ["firstOperationEntry - Parameter Object = 111", "firstOperationEntry - Done"]
    static let second = ["secondOperationEntry - Parameter Object = 222", "secondOperationEntry - Done"]
    static let all = (first + second + ["Main thread is here"]).sorted()

    static func lines(of side: Side, gated: Bool) async -> [String] {
        let recorder = Recorder()
        let log = recorder.logger
        switch side {
        case .legacy:
            await onOwnThread {
                let owner = Legacy.OperationQueueAsync()
                if gated { owner.runGatedAndWait(log: log) } else { owner.runAndWait(log: log) }
            }
        case .modern:
            if gated {
                await Modern.OperationQueueAsync.runGated(log: log)
            } else {
                await Modern.OperationQueueAsync.runTwoEntries(log: log)
            }
        }
        return recorder.lines
    }

    @Test(arguments: Side.allCases)
    func bothEntriesRunEachInItsOwnOrder(_ side: Side) async {
        for _ in 0..<20 {
            let lines = await Self.lines(of: side, gated: false)
            #expect(lines.sorted() == Self.all)
            #expect(lines.filter { $0.hasPrefix("first") } == Self.first)
            #expect(lines.filter { $0.hasPrefix("second") } == Self.second)
        }
    }

    @Test(arguments: Side.allCases)
    func behindTheGateTheCallersLineComesFirst(_ side: Side) async {
        for _ in 0..<20 {
            let lines = await Self.lines(of: side, gated: true)
            #expect(lines.first == "Main thread is here")
            #expect(lines.sorted() == Self.all)
            #expect(lines.filter { $0.hasPrefix("first") } == Self.first)
            #expect(lines.filter { $0.hasPrefix("second") } == Self.second)
        }
    }

    @Test func legacyOperationsRunOnTheQueuesThreadsNotTheCallers() async {
        let ranOnCaller = await onOwnThread {
            let caller = ObjectIdentifier(Thread.current)
            let threads = Locked<[ObjectIdentifier]>([])
            let queue = OperationQueue()
            for _ in 0..<2 {
                queue.addOperation { threads.withLock { $0.append(ObjectIdentifier(Thread.current)) } }
            }
            queue.waitUntilAllOperationsAreFinished()
            return threads.withLock { $0.map { $0 == caller } }
        }
        #expect(ranOnCaller == [false, false])
    }

    @Test func legacyCallReturnsBeforeItsOperationsRun() async {
        let recorder = Recorder()
        let owner = Legacy.OperationQueueAsync()
        owner.operationQueue.isSuspended = true
        owner.runTwoOperations(log: recorder.logger)
        // The call has returned; the operations are still waiting on the queue.
        #expect(recorder.lines == ["Main thread is here"])
        owner.operationQueue.isSuspended = false
        await onOwnThread { owner.operationQueue.waitUntilAllOperationsAreFinished() }
        #expect(recorder.lines.sorted() == Self.all)
    }

    @Test func modernCallReturnsOnlyAfterBothChildrenFinished() async {
        for _ in 0..<20 {
            let recorder = Recorder()
            await Modern.OperationQueueAsync.runTwoEntries(log: recorder.logger)
            #expect(recorder.lines.sorted() == Self.all)
        }
    }

    @Test func asyncLetChildIsCancelledWithItsParent() async {
        let started = AsyncStream.makeStream(of: Void.self)
        let never = AsyncStream.makeStream(of: Void.self)
        let parent = Task {
            async let child: Bool = {
                started.continuation.yield()
                for await _ in never.stream {}  // ends when the child is cancelled
                return Task.isCancelled
            }()
            return await child
        }
        for await _ in started.stream { break }
        parent.cancel()
        #expect(await parent.value)
        never.continuation.finish()
    }
}
