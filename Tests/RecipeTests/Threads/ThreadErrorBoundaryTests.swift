import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct ThreadErrorBoundaryTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func runOne(_ side: Side, failing: Int) async -> [String] {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread { Legacy.ThreadErrorBoundary.runOneThread(failing: failing, log: recorder.logger) }
        case .modern:
            await Modern.ThreadErrorBoundary.runOneTask(failing: failing, log: recorder.logger)
        }
        return recorder.lines
    }

    @Test(arguments: Side.allCases)
    func bothHandTheFirstErrorToTheCaller(_ side: Side) async {
        #expect(await Self.runOne(side, failing: 3) == ["item 1 → 10", "item 2 → 20", "failed: bad(3)"])
        #expect(await Self.runOne(side, failing: 1) == ["failed: bad(1)"])
    }

    @Test(arguments: Side.allCases)
    func withoutAFailureBothReturnEveryResult(_ side: Side) async {
        let expected = (1...5).map { "item \($0) → \($0 * 10)" } + ["results: [10, 20, 30, 40, 50]"]
        #expect(await Self.runOne(side, failing: 0) == expected)
    }

    @Test func legacyCompletionRunsOnceOnTheWorkerThread() async throws {
        let calls = Locked<[(Result<[Int], Error>, ObjectIdentifier)]>([])
        let caller = await onOwnThread { () -> ObjectIdentifier in
            let done = DispatchSemaphore(value: 0)
            Legacy.ThreadErrorBoundary.start(
                items: [1, 2, 3, 4, 5],
                work: { item in
                    if item == 3 { throw Legacy.WorkError.bad(3) }
                    return item
                },
                log: { _ in }
            ) { result in
                calls.withLock { $0.append((result, currentThread())) }
                done.signal()
            }
            done.wait()
            return currentThread()
        }
        let recorded = calls.withLock { $0 }
        try #require(recorded.count == 1)
        #expect(recorded[0].1 != caller)
        #expect(throws: Legacy.WorkError.bad(3)) { try recorded[0].0.get() }
    }

    @Test func modernValueRethrowsTheError() async {
        let task = Modern.ThreadErrorBoundary.start(
            items: [1, 2, 3, 4, 5],
            work: { item in
                if item == 3 { throw Modern.WorkError.bad(3) }
                return item
            },
            log: { _ in })
        await #expect(throws: Modern.WorkError.bad(3)) { try await task.value }
    }

    @Test func legacyFanOutWaitsForEveryThread() async {
        let recorder = Recorder()
        let slow = Duration.milliseconds(20)
        let clock = ContinuousClock()
        let start = clock.now
        await onOwnThread { Legacy.ThreadErrorBoundary.runFanOut(failing: 3, slow: slow, log: recorder.logger) }
        #expect(clock.now - start >= slow)
        let lines = recorder.lines
        #expect(Set(lines.dropLast()) == Set([1, 2, 4, 5].map { "item \($0) → \($0 * 10)" }))
        #expect(lines.last == "failed: bad(3)")
    }

    @Test func modernFanOutCancelsTheSiblings() async {
        let recorder = Recorder()
        // The siblings would sleep for a minute; cancellation ends their sleep at once.
        await Modern.ThreadErrorBoundary.runFanOut(failing: 3, slow: .seconds(60), log: recorder.logger)
        let lines = recorder.lines
        #expect(Set(lines.dropLast()) == Set([1, 2, 4, 5].map { "item \($0) cancelled" }))
        #expect(lines.last == "failed: bad(3)")
    }

    @Test func modernUnawaitedTaskLosesItsError() async {
        let recorder = Recorder()
        await Modern.ThreadErrorBoundary.runUnawaited(failing: 3, log: recorder.logger)
        #expect(recorder.lines == ["item 3 throws bad(3)", "still running; nobody saw the error"])
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "thread-error-boundary", "nobody catches", "modern", "--pace", "test"],
            timeout: .seconds(10))
        #expect(result == .finished(status: 0))
        #expect(lines == recorder.lines)
    }

    @Test func legacyUncaughtErrorKillsTheProcess() async {
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "thread-error-boundary", "nobody catches", "legacy", "--pace", "test"],
            timeout: .seconds(10))
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
        #expect(lines == ["item 3 throws bad(3)"])
    }

    @Test func legacyThreadsHaveEndedWhenItReturns() async throws {
        let log: @Sendable (String) -> Void = { _ in }
        await onOwnThread { Legacy.ThreadErrorBoundary.runOneThread(failing: 3, log: log) }
        let before = try #require(await ProcessThreads.settled(atMost: Int.max))
        for _ in 0..<3 {
            await onOwnThread { Legacy.ThreadErrorBoundary.runOneThread(failing: 3, log: log) }
            await onOwnThread {
                Legacy.ThreadErrorBoundary.runFanOut(failing: 3, slow: .milliseconds(1), log: log)
            }
        }
        let after = try #require(await ProcessThreads.settled(atMost: before))
        #expect(after <= before)
    }
}

/// The identity of the calling thread (a synchronous function, so async tests can call it).
private func currentThread() -> ObjectIdentifier {
    ObjectIdentifier(Thread.current)
}
