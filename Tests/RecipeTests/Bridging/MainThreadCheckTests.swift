import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct MainThreadCheckTests {
    @Test func legacyMainQueueBlockPassesTheQueueCheck() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.MainThreadCheck.updateOnMainQueue(log: recorder.logger) { _ in done.resume() }
        }
        #expect(recorder.lines == ["isolated to main: true"])
    }

    @Test func modernMainActorFunctionPassesTheIsolationCheck() async {
        let recorder = Recorder()
        _ = await MainActor.run { Modern.MainThreadCheck.updateOnMainActor(log: recorder.logger) }
        #expect(recorder.lines == ["isolated to main: true"])
    }

    /// The information-only line: on Linux under Swift Testing neither main-queue blocks nor
    /// main-actor code run on the process's main thread, while the isolation checks pass.
    @Test func isMainThreadIsFalseInMainQueueAndMainActorCode() async {
        let recorder = Recorder()
        let legacy = await withCheckedContinuation { done in
            Legacy.MainThreadCheck.updateOnMainQueue(log: recorder.logger) { done.resume(returning: $0) }
        }
        let modern = await MainActor.run { Modern.MainThreadCheck.updateOnMainActor(log: recorder.logger) }
        #expect(recorder.lines == ["isolated to main: true", "isolated to main: true"])
        #if os(Linux)
            #expect(legacy == false)
            #expect(modern == false)
        #else
            _ = (legacy, modern)
        #endif
    }

    /// The main actor's executor is the main queue: each kind of check passes in the other's code.
    @Test func queueAndActorChecksAgree() async {
        let inBlock = await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let passed = MainActor.assumeIsolated {
                    MainActor.preconditionIsolated()
                    return true
                }
                done.resume(returning: passed)
            }
        }
        let inActor = await MainActor.run {
            dispatchPrecondition(condition: .onQueue(.main))
            return true
        }
        #expect(inBlock)
        #expect(inActor)
    }

    @Test func callbackOnMainPassesBothChecks() async {
        let legacy = Recorder()
        await withCheckedContinuation { done in
            Legacy.MainThreadCheck.showTitle(log: legacy.logger) { done.resume() }
        }
        let modern = Recorder()
        let screen = await TitleScreen(log: modern.logger)
        await withCheckedContinuation { done in
            Modern.MainThreadCheck.showTitle(on: screen) { done.resume() }
        }
        let expected = ["isolated to main: true", "shown: Inbox (3)"]
        #expect(legacy.lines == expected)
        #expect(modern.lines == expected)
        #expect(await screen.title == "Inbox (3)")
    }

    @Test(arguments: [
        ("legacy", "callback arrived; checking the main queue"),
        ("modern", "callback arrived; checking the main actor"),
    ])
    func brokenPromiseTrapsOnBothSides(side: String, firstLine: String) async {
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "main-thread-check", "callback off main", side, "--pace", "test"],
            timeout: .seconds(10),
            crashReport: true
        )
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
        #expect(lines.first == firstLine)
        #expect(!lines.contains { $0.hasPrefix("never printed") || $0.hasPrefix("shown") })
        let report = lines.filter { $0.hasPrefix("stderr: ") }
        // Under ThreadSanitizer the child runs without the backtracer: the signal is all there is.
        guard CrashReport.isAvailable else {
            #expect(report.isEmpty)
            return
        }
        #expect(report.first == "stderr: *** Program crashed: Illegal instruction at 0x… ***")
        #expect(report.contains { $0.contains("dispatch_assert_queue in libdispatch.so") })
    }
}
