import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct ThreadExitTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let expected = ["Thread Entry Point", "Cancelling the Thread", "Releasing the thread", "Thread Finished"]

    static func run(_ side: Side, loopSleep: Duration, seedVersion: Bool = false, name: String = "myThread", log: @escaping @Sendable (String) -> Void) async {
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.ThreadExit.run(loopSleep: loopSleep, checksAfterSleep: !seedVersion, name: name, log: log)
            }
        case .modern:
            await Modern.ThreadExit.run(loopSleep: loopSleep, swallowsCancellation: seedVersion, log: log)
        }
    }

    @Test(arguments: Side.allCases)
    func cancelMidIterationEndsTheLoopWithoutAnotherIteration(_ side: Side) async {
        let recorder = Recorder()
        await Self.run(side, loopSleep: .milliseconds(20), log: recorder.logger)
        #expect(recorder.lines == Self.expected)
    }

    @Test func seedFirstVersionLogsOneMoreLoop() async {
        let recorder = Recorder()
        await Self.run(.legacy, loopSleep: .milliseconds(20), seedVersion: true, log: recorder.logger)
        #expect(recorder.lines == Array(Self.expected.dropLast()) + ["Thread Loop", "Thread Finished"])
    }

    @Test func tryQuestionMarkBringsTheExtraIterationBack() async {
        let recorder = Recorder()
        // An hour-long sleep: `try?` still ends it at the cancel, and then runs the work once more.
        await Self.run(.modern, loopSleep: .seconds(3600), seedVersion: true, log: recorder.logger)
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
        let name = "thread-exit-t"
        #expect(LiveThreads.count(named: name) == 0)
        let seen = Locked(0)
        await Self.run(.legacy, loopSleep: .milliseconds(20), name: name) { line in
            // While the loop runs, its thread exists under its name.
            if line == "Cancelling the Thread" { seen.withLock { $0 = LiveThreads.count(named: name) } }
        }
        #expect(seen.withLock { $0 } == 1)
        #expect(await LiveThreads.settle(named: name) == 0)
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

/// The threads of this process by name (`/proc/self/task/*/comm`, Linux; names are cut to 15 bytes).
enum LiveThreads {
    static func count(named name: String) -> Int {
        let tasks = "/proc/self/task"
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return 0 }
        return ids.filter { id in
            let comm = try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .newlines) == String(name.prefix(15))
        }.count
    }

    /// The count once it is 0, or after 5 s. A thread whose entry point has returned (its last act
    /// signalled) is still torn down by the kernel a moment later, and nothing signals that: this
    /// polls for it, it places nothing.
    static func settle(named name: String) async -> Int {
        let deadline = ContinuousClock.now + .seconds(5)
        var count = count(named: name)
        while count > 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
            count = self.count(named: name)
        }
        return count
    }
}
