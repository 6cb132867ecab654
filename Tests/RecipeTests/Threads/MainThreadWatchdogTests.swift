import CoreFoundation
import Dispatch
import Foundation
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

    /// A thread that runs its run loop, kept alive by a timer that never fires, until `stop()`.
    final class RunLoopThread: @unchecked Sendable {
        // `@unchecked Sendable`: `runLoop` is set once before `init` returns.
        private(set) var runLoop: CFRunLoop!
        private let ended = DispatchSemaphore(value: 0)

        init() {
            let ready = DispatchSemaphore(value: 0)
            Thread { [self] in
                let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
                RunLoop.current.add(keepAlive, forMode: .default)
                runLoop = CFRunLoopGetCurrent()
                ready.signal()
                CFRunLoopRun()
                keepAlive.invalidate()
                ended.signal()
            }.start()
            ready.wait()
        }

        func perform(_ block: @escaping @Sendable () -> Void) {
            CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode, block)
            CFRunLoopWakeUp(runLoop)
        }

        func stop() {
            perform { CFRunLoopStop(CFRunLoopGetCurrent()) }
            ended.wait()
        }
    }

    /// The observer form, on a thread's run loop: a pass blocked until the detector has reported
    /// gives one `hang detected`, and the first activity after it one `hang stopped`.
    @Test func runLoopObserverReportsABlockedPassOnce() async {
        let reports = await onOwnThread { () -> [String] in
            let loop = RunLoopThread()
            let reports = Locked<[String]>([])
            let detected = DispatchSemaphore(value: 0)
            let recovered = DispatchSemaphore(value: 0)
            let detector = Legacy.RunLoopHangDetector(runLoop: loop.runLoop, interval: 0.02, threshold: 3) {
                event in
                reports.withLock { $0.append(event) }
                (event == "hang detected" ? detected : recovered).signal()
            }
            detector.start()
            loop.perform { detected.wait() }  // the pass runs until the hang is seen
            recovered.wait()
            detector.stop()
            loop.stop()
            return reports.withLock { $0 }
        }
        #expect(reports == ["hang detected", "hang stopped"])
    }

    /// A run loop asleep (no events for 12 intervals) is idle, not hung: the detector counts a
    /// timeout only while the loop is awake, so it reports nothing. (A detector that counted
    /// every timeout would report a hang here.)
    @Test func runLoopObserverIgnoresALoopAsleep() async {
        let reports = await onOwnThread { () -> [String] in
            let loop = RunLoopThread()
            let reports = Locked<[String]>([])
            let detector = Legacy.RunLoopHangDetector(runLoop: loop.runLoop, interval: 0.01, threshold: 3) {
                event in reports.withLock { $0.append(event) }
            }
            detector.start()
            let window = DispatchSemaphore(value: 0)
            _ = window.wait(timeout: .now() + .milliseconds(120))  // a window, not a sync
            detector.stop()
            loop.stop()
            return reports.withLock { $0 }
        }
        #expect(reports.isEmpty)
    }

    /// The observer on a real main run loop (a child process whose main thread runs it): one
    /// `hang detected`, one `hang stopped`, and the child exits 0.
    @Test func observerOnTheMainRunLoopReportsOneHang() async {
        let (result, lines) = await ChildProcess.run(
            arguments: [
                "--demo", "main-thread-watchdog", "main run loop blocked, seen by an observer", "legacy", "--pace",
                "test",
            ],
            timeout: .seconds(10)
        )
        #expect(result == .finished(status: 0))
        #expect(lines == Self.blockedLines)
    }
}
