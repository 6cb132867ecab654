import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct ReloadControllerTests {
    static func runChild(_ side: String) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "isolation-inference-trap", "MainActor closure to notify", side, "--pace", "test"],
            timeout: .seconds(10),
            crashReport: true
        )
    }

    @Test func mainActorNotifyClosureTrapsOnAGlobalQueue() async {
        let (result, lines) = await Self.runChild("legacy")
        #if os(Linux)
            #expect(result == .trapped(signal: 4))
        #else
            #expect(DemoExpectation.traps.isMet(by: result))
        #endif
        let logged = lines.filter { !$0.hasPrefix("stderr: ") }
        #expect(logged == ["loading 3 pages"])
        let report = lines.filter { $0.hasPrefix("stderr: ") }
        // Under ThreadSanitizer the child runs without the backtracer: the signal is all there is.
        guard CrashReport.isAvailable else {
            #expect(report.isEmpty)
            return
        }
        #expect(report.first == "stderr: *** Program crashed: Illegal instruction at 0x… ***")
        #expect(report.contains { $0.contains("dispatch_assert_queue in libdispatch.so") })
        #expect(report.contains { $0.contains("swift_task_isCurrentExecutorWithFlags") })
        #expect(report.last?.contains("ReloadController.reload(completion:)") == true)
    }

    @Test func modernTaskGroupFinishesInAChildProcess() async {
        let (result, lines) = await Self.runChild("modern")
        #expect(result == .finished(status: 0))
        #expect(lines == ["loading 3 pages", "3 pages loaded", "group done"])
    }

    @Test func legacyFixesRunTheClosureOffMain() async {
        let sendable = Recorder()
        let controller = await Legacy.ReloadController(log: sendable.logger)
        await withCheckedContinuation { done in
            Task { @MainActor in controller.reloadWithSendableClosure { done.resume() } }
        }
        let nonisolated = Recorder()
        await withCheckedContinuation { done in
            Legacy.ReloadController.loadPages(log: nonisolated.logger) { done.resume() }
        }
        let expected = ["loading 3 pages", "3 pages loaded", "group done"]
        #expect(sendable.lines == expected)
        #expect(nonisolated.lines == expected)
    }

    @Test func modernReloadLogsFromTheMainActor() async {
        let recorder = Recorder()
        await Modern.ReloadController(log: recorder.logger).reload()
        #expect(recorder.lines == ["loading 3 pages", "3 pages loaded", "group done"])
    }

    @Test func crashReportDigestKeepsTheTrappingFramesOnly() {
        let report = """
            swift-runtime: failed to suspend thread 15047 while processing a crash

            *** Signal 4: Backtracing from 0x7f72d9aac2a2... done ***

            *** Program crashed: Illegal instruction at 0x00007f72d9aac2a2 ***

            Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

            Thread 2 "oot.default-qos" crashed:

              0              0x00007f72d9aac2a2 _dispatch_assert_queue_fail + 82 in libdispatch.so
              1 [ra]         0x00007f72d9aac9f7 dispatch_assert_queue.cold.1 + 102 in libdispatch.so
              2 [ra]         0x0000561116473ef8 closure #2 in buggy() + 71 in trap
              3 [ra] [thunk] 0x0000561116474088 thunk for @escaping @callee_guaranteed () -> () + 39 in trap
            ...

            Backtrace took 0.11s
            """
        #expect(
            CrashReport.digest(report) == [
                "stderr: *** Program crashed: Illegal instruction at 0x… ***",
                "stderr: crashed thread, innermost frame first:",
                "stderr:   _dispatch_assert_queue_fail in libdispatch.so",
                "stderr:   dispatch_assert_queue.cold.1 in libdispatch.so",
                "stderr:   closure #2 in buggy()",
            ])
        #expect(CrashReport.digest("no crash here\n").isEmpty)
    }
}
