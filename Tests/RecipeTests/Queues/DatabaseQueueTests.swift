import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct DatabaseQueueTests {
    static let expected = ["outside: count = 2", "inside: count = 2"]

    @Test func legacyInsideAndOutsideCallsReturnTheSameCountWithoutDeadlock() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.DatabaseQueue.countFromOutsideAndInside(log: recorder.logger) }
        #expect(recorder.lines == Self.expected)
    }

    @Test func modernInsideAndOutsideCallsReturnTheSameCount() async {
        let recorder = Recorder()
        await Modern.DatabaseQueue.countFromOutsideAndInside(log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func legacyStaysConsistentUnderConcurrentCallers() async {
        let count = await onOwnThread {
            let database = Legacy.DatabaseQueue()
            DispatchQueue.concurrentPerform(iterations: 100) { index in
                _ = database.insertIfAbsent("row \(index % 50)")
                database.insert("extra \(index)")
            }
            return database.count
        }
        #expect(count == 150)
    }

    @Test func modernStaysConsistentUnderConcurrentCallers() async {
        let database = Modern.DatabaseQueue()
        await withDiscardingTaskGroup { group in
            for index in 0..<100 {
                group.addTask {
                    _ = await database.insertIfAbsent("row \(index % 50)")
                    await database.insert("extra \(index)")
                }
            }
        }
        #expect(await database.count == 150)
    }

    /// Both checks pass inside and trap outside; on Linux the signals differ.
    @Test(arguments: [Scenario.SideName.legacy, .modern])
    func preconditionTrapsOutsideTheQueueOrActor(_ side: Scenario.SideName) async {
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "queue-specific-key", "precondition outside", side.rawValue, "--pace", "test"],
            timeout: Pace.test.demoTimeout
        )
        #expect(lines == ["inside: count = 1", "outside: checking the precondition"])
        #if os(Linux)
            #expect(result == .trapped(signal: side == .legacy ? 4 : 6))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
    }
}
