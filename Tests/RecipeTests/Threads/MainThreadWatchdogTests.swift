import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

/// The blocked-main case runs only in a child process (`compare --demo`): it blocks the main queue.
@Suite(.serialized, .timeLimit(.minutes(1))) struct MainThreadWatchdogTests {
    static let blockedLines = [
        "blocking main until the watchdog notices",
        "hang detected",
        "main: unblocked",
        "hang stopped",
        "watchdog stopped",
    ]

    /// Main blocked until the watchdog reports (at least 5 intervals): one `hang detected`, then
    /// one `hang stopped` after main runs again, in this order, and the child exits 0.
    @Test(arguments: ["legacy", "modern"])
    func blockedMainReportsOneHangThenRecovery(side: String) async {
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "main-thread-watchdog", "main blocked", side, "--pace", "test"],
            timeout: .seconds(10)
        )
        #expect(result == .finished(status: 0))
        #expect(lines == Self.blockedLines)
        #expect(lines.filter { $0 == "hang detected" }.count == 1)
    }

    /// A main queue that keeps answering gets no report from either side.
    @Test func responsiveMainGetsNoReport() async {
        let legacy = Recorder()
        await onOwnThread {
            Legacy.MainThreadWatchdog.watchResponsiveMain(interval: 0.04, intervals: 6, log: legacy.logger)
        }
        let modern = Recorder()
        await Modern.MainThreadWatchdog.watchResponsiveMain(
            interval: .milliseconds(40), intervals: 6, log: modern.logger)
        let expected = ["watching a responsive main for 6 intervals", "watchdog stopped"]
        #expect(legacy.lines == expected)
        #expect(modern.lines == expected)
    }

    /// `stop()` returns only after the watchdog thread has signalled its exit, and the process's
    /// thread count falls back to where it was.
    @Test func legacyStopEndsItsThread() async {
        let reports = Recorder()
        let (before, after) = await onOwnThread {
            let before = ProcessThreads.count() ?? 0
            let watchdog = Legacy.MainThreadWatchdog(interval: 0.005, threshold: 1_000, report: reports.logger)
            watchdog.start()
            watchdog.stop()
            return (before, ProcessThreads.settledBlocking(atMost: before))
        }
        #expect(after <= before)
        #expect(reports.lines.isEmpty)
    }

    /// `watch` is `@concurrent`: awaited straight from main-actor code (no `Task.detached`), its
    /// loop still runs off the main actor it watches, where a hang of main cannot silence it.
    /// (A plain `nonisolated async` function would run on the main actor here, under
    /// `NonisolatedNonsendingByDefault`.)
    @Test func modernWatchRunsOffTheMainActorEvenWhenTheMainActorAwaitsIt() async {
        let onMain = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: onMain, value: true)
        defer { DispatchQueue.main.setSpecific(key: onMain, value: nil) }
        let (reported, report) = AsyncStream.makeStream(of: String.self)
        let watchdog = Task { @MainActor in
            // Threshold 0: the loop reports on its first pass.
            await Modern.MainThreadWatchdog.watch(interval: .milliseconds(1), threshold: 0) { _ in
                report.yield(DispatchQueue.getSpecific(key: onMain) == true ? "main" : "elsewhere")
            }
        }
        var place: String?
        for await reportedPlace in reported {
            place = reportedPlace
            break
        }
        watchdog.cancel()
        await watchdog.value
        #expect(place == "elsewhere")
    }

    /// Cancelling the task ends it now, not after its hour-long sleep: `Task.sleep` throws on
    /// cancellation. (The cancel lands before or during the first sleep; either way the loop ends.)
    @Test func modernStopsMidSleepWhenCancelled() async {
        let reports = Recorder()
        let watchdog = Task.detached {
            await Modern.MainThreadWatchdog.watch(interval: .seconds(3_600), threshold: 5, report: reports.logger)
        }
        await MainActor.run {}
        for _ in 0..<10 { await Task.yield() }
        watchdog.cancel()
        await watchdog.value
        #expect(reports.lines.isEmpty)
    }
}
