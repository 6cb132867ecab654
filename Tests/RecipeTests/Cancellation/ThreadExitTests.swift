import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ThreadExitTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let expected = ["Thread Entry Point", "Cancelling the Thread", "Releasing the thread", "Thread Finished"]

    static func run(_ side: Side, loopSleep: Duration, firstVersion: Bool = false, log: @escaping @Sendable (String) -> Void) async {
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.ThreadExit.run(loopSleep: loopSleep, checksAfterSleep: !firstVersion, log: log)
            }
        case .modern:
            await Modern.ThreadExit.run(loopSleep: loopSleep, swallowsCancellation: firstVersion, log: log)
        }
    }

    @Test(arguments: Side.allCases)
    func cancelMidIterationEndsTheLoopWithoutAnotherIteration(_ side: Side) async {
        let recorder = Recorder()
        await Self.run(side, loopSleep: .milliseconds(20), log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func theUnfixedFirstVersionLogsOneMoreLoop() async {
        let recorder = Recorder()
        await Self.run(.legacy, loopSleep: .milliseconds(20), firstVersion: true, log: recorder.logger)
        #expect(recorder.lines == Array(Self.expected.dropLast()) + ["Thread Loop", "Thread Finished"])
    }

    @Test func tryQuestionMarkBringsTheExtraIterationBack() async {
        let recorder = Recorder()
        // An hour-long sleep: `try?` still ends it at the cancel, and then runs the work once more.
        await Self.run(.modern, loopSleep: .seconds(3600), firstVersion: true, log: recorder.logger)
        #expect(recorder.lines == Array(Self.expected.dropLast()) + ["Thread Loop", "Thread Finished"])
    }

    @Test func legacySleepsOutItsIntervalAfterTheCancel() async throws {
        let log = TimedLog()
        await Self.run(.legacy, loopSleep: .milliseconds(150), log: log.logger)
        #expect(log.lines == Self.expected)
        let cancelled = try #require(log.time(of: "Releasing the thread"))
        let finished = try #require(log.time(of: "Thread Finished"))
        // The cancel came before the sleep began, and the thread slept it out anyway.
        #expect(finished - cancelled >= .milliseconds(150))
    }

    @Test func modernSleepEndsAtTheCancel() async {
        let recorder = Recorder()
        // An hour-long sleep: the test ends only because `Task.sleep` throws at the cancel.
        await Self.run(.modern, loopSleep: .seconds(3600), log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func noThreadOutlivesTheCancel() async {
        // The thread that logs "Thread Entry Point" is the loop's thread: note its kernel id.
        let worker = Locked<Int32?>(nil)
        await Self.run(.legacy, loopSleep: .milliseconds(20)) { line in
            if line == "Thread Entry Point" { worker.withLock { $0 = LiveThreads.currentID() } }
        }
        guard let tid = worker.withLock({ $0 }) else {
            Issue.record("the loop never started")
            return
        }
        #expect(await LiveThreads.settle(tid: tid) == false)
    }
}

/// Lines with the time each was logged.
final class TimedLog: Sendable {
    private let entries = Locked<[(line: String, time: ContinuousClock.Instant)]>([])

    var logger: @Sendable (String) -> Void {
        { [self] line in
            let now = ContinuousClock.now
            entries.withLock { $0.append((line, now)) }
        }
    }

    var lines: [String] { entries.withLock { $0.map(\.line) } }

    func time(of line: String) -> ContinuousClock.Instant? {
        entries.withLock { $0.first { $0.line == line }?.time }
    }
}
