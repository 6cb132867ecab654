import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct ProcessReadinessTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// How a wait ended.
    enum Outcome: Equatable, Sendable {
        /// Ready with this port; whether the child was running while the caller used it.
        case ready(port: Int, wasRunning: Bool)
        case exited(status: Int32)
        case timedOut
        case cancelled
        case couldNotStart
    }

    static func shell(_ script: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }

    static func legacy(_ duration: Duration) -> DispatchTimeInterval {
        .microseconds(Int(duration / .microseconds(1)))
    }

    /// Waits on one side for `process`'s "listening on port N" line under `timeout`; once ready, notes
    /// whether the child runs, and stops it (a grace of 50 ms).
    static func wait(_ side: Side, _ process: Process, timeout: Duration) async -> Outcome {
        switch side {
        case .legacy:
            return await onOwnThread {
                let helper = Legacy.ProcessReadiness(process, grace: .milliseconds(50))
                do {
                    let line = try helper.start(timeout: legacy(timeout)) {
                        Legacy.ProcessReadiness.port(in: $0) != nil
                    }
                    let outcome = Outcome.ready(
                        port: Legacy.ProcessReadiness.port(in: line)!, wasRunning: process.isRunning)
                    helper.stop()
                    return outcome
                } catch Legacy.ProcessReadiness.Failure.exited(let status) {
                    return .exited(status: status)
                } catch Legacy.ProcessReadiness.Failure.timedOut {
                    return .timedOut
                } catch Legacy.ProcessReadiness.Failure.cancelled {
                    return .cancelled
                } catch {
                    return .couldNotStart
                }
            }
        case .modern:
            do {
                return try await Modern.ProcessReadiness.withReadyProcess(
                    process, timeout: timeout, grace: .milliseconds(50),
                    ready: Modern.ProcessReadiness.port(in:)
                ) { port in
                    .ready(port: port, wasRunning: process.isRunning)
                }
            } catch Modern.ProcessReadiness.Failure.exited(let status) {
                return .exited(status: status)
            } catch Modern.ProcessReadiness.Failure.timedOut {
                return .timedOut
            } catch is CancellationError {
                return .cancelled
            } catch {
                return .couldNotStart
            }
        }
    }

    /// The child prints its ready line and runs on: the caller gets the port while the child runs,
    /// and once it is done the child has been stopped (SIGTERM, or SIGKILL after the grace) and
    /// reaped. The caller's code runs only once `process.run()` has returned: on Linux the ready
    /// line can come before `run()` has set `isRunning` (a form that ran `body` at the ready line
    /// alone saw it false in 4 of 25 runs).
    @Test(arguments: Side.allCases)
    func aReadyChildRunsWhileTheCallerUsesItAndIsStoppedAfter(_ side: Side) async {
        let process = Self.shell("echo starting; echo 'listening on port 8080'; exec sleep 600")
        let outcome = await Self.wait(side, process, timeout: .seconds(30))
        #expect(outcome == .ready(port: 8080, wasRunning: true))
        #expect(process.isRunning == false)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// A ready line cut in two by the pipe (two writes with a pause between them) is found whole: the
    /// chunks are joined into lines before `ready` sees them.
    @Test(arguments: Side.allCases)
    func aReadyLineSplitAcrossTwoReadsIsFoundWhole(_ side: Side) async {
        let process = Self.shell("printf 'listening on po'; sleep 0.2; echo 'rt 8080'; exec sleep 600")
        let outcome = await Self.wait(side, process, timeout: .seconds(30))
        #expect(outcome == .ready(port: 8080, wasRunning: true))
    }

    /// A child that fails before it is ready fails the wait at once, with its status: the
    /// 30-second deadline is not waited for.
    @Test(arguments: Side.allCases)
    func aChildThatExitsFirstFailsAtOnceWithItsStatus(_ side: Side) async {
        let process = Self.shell("echo 'error: port 8080 is in use' >&2; exit 2")
        #expect(await Self.wait(side, process, timeout: .seconds(30)) == .exited(status: 2))
        #expect(process.terminationReason == .exit)
    }

    /// A child that never prints its ready line is stopped at the deadline, and has exited (by a
    /// signal) when the wait throws.
    @Test(arguments: Side.allCases)
    func aChildThatNeverGetsReadyIsStoppedAtTheDeadline(_ side: Side) async {
        let process = Self.shell("echo starting; exec sleep 600")
        #expect(await Self.wait(side, process, timeout: .milliseconds(50)) == .timedOut)
        #expect(process.isRunning == false)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// A child that writes more to standard error than a pipe holds before it is ready still gets
    /// ready: both sides drain standard error the whole time. Left unread, the child would block in
    /// `write` and never print its ready line.
    @Test(arguments: Side.allCases)
    func aChildThatFillsStandardErrorFirstStillGetsReady(_ side: Side) async {
        let process = Self.shell("printf '%0100000d' 0 >&2; echo 'listening on port 8080'; exec sleep 600")
        let outcome = await Self.wait(side, process, timeout: .seconds(30))
        #expect(outcome == .ready(port: 8080, wasRunning: true))
    }

    /// An executable that does not exist throws on both sides, and nothing waits for the deadline.
    @Test(arguments: Side.allCases)
    func aChildThatCannotStartThrows(_ side: Side) async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/no/such/executable")
        #expect(await Self.wait(side, process, timeout: .seconds(30)) == .couldNotStart)
        #expect(process.isRunning == false)
    }

    /// Cancelling the waiting caller stops the child: the wait throws `CancellationError` once the
    /// child has exited.
    @Test func modernCancellingTheWaitStopsTheChild() async {
        let process = Self.shell("echo starting; exec sleep 600")
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            try await Modern.ProcessReadiness.withReadyProcess(
                process, timeout: .seconds(30), grace: .milliseconds(50),
                ready: { line in
                    starting.yield()
                    return Modern.ProcessReadiness.port(in: line)
                }
            ) { _ in }
        }
        for await _ in started { break }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(process.isRunning == false)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// `cancel()` from another thread ends a waiting `start`: it stops the child, then throws.
    @Test func legacyCancelEndsTheWaitAndStopsTheChild() async {
        let process = Self.shell("echo starting; exec sleep 600")
        let helper = Legacy.ProcessReadiness(process, grace: .milliseconds(50))
        let outcome = await onOwnThread {
            do {
                _ = try helper.start(timeout: .seconds(30)) { line in
                    helper.cancel()  // the child has printed a line: it runs
                    return Legacy.ProcessReadiness.port(in: line) != nil
                }
                return "ready"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "\(Legacy.ProcessReadiness.Failure.cancelled)")
        #expect(process.isRunning == false)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// A caller cancelled before the call starts no child.
    @Test func modernACallerCancelledBeforeTheCallStartsNothing() async {
        let marker = FileManager.default.temporaryDirectory
            .appendingPathComponent("process-readiness-\(UUID().uuidString)")
        let process = Self.shell("touch '\(marker.path)'; echo 'listening on port 8080'; exec sleep 600")
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Modern.ProcessReadiness.withReadyProcess(
                process, timeout: .seconds(30), ready: Modern.ProcessReadiness.port(in:)
            ) { _ in }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(process.processIdentifier == 0)
        #expect(FileManager.default.fileExists(atPath: marker.path) == false)
    }

    /// An error thrown by the caller's code stops the child too, and is rethrown once it has exited.
    @Test func modernAnErrorFromTheBodyStopsTheChild() async {
        struct Failed: Error {}
        let process = Self.shell("echo 'listening on port 8080'; exec sleep 600")
        await #expect(throws: Failed.self) {
            try await Modern.ProcessReadiness.withReadyProcess(
                process, timeout: .seconds(30), grace: .milliseconds(50),
                ready: Modern.ProcessReadiness.port(in:)
            ) { _ in throw Failed() }
        }
        #expect(process.isRunning == false)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// The modern side reports the exit only after both pipes have been read to their end: a child
    /// that prints its ready line and exits at once is ready every time, and the lines it wrote to
    /// standard error before failing have all reached `onError` when the failure is thrown. (The
    /// legacy `terminationHandler` can fire before `readabilityHandler` has read the last line.)
    @Test func modernTheExitComesAfterTheLastLine() async throws {
        for _ in 0..<30 {
            let process = Self.shell("echo 'listening on port 8080'")
            let port = try await Modern.ProcessReadiness.withReadyProcess(
                process, timeout: .seconds(30), ready: Modern.ProcessReadiness.port(in:)
            ) { $0 }
            #expect(port == 8080)
        }
        let errors = Locked([String]())
        let process = Self.shell("echo 'error: port 8080 is in use' >&2; echo 'giving up' >&2; exit 2")
        await #expect(throws: Modern.ProcessReadiness.Failure.exited(status: 2)) {
            try await Modern.ProcessReadiness.withReadyProcess(
                process, timeout: .seconds(30), ready: Modern.ProcessReadiness.port(in:),
                onError: { line in errors.withLock { $0.append(line) } }
            ) { _ in }
        }
        #expect(errors.withLock { $0 } == ["error: port 8080 is in use", "giving up"])
    }

    /// Why both sides follow SIGTERM with SIGKILL: on Linux, `Process.run()` called off the main
    /// thread (a task, a `Thread`, a global queue) starts the child with the calling thread's blocked
    /// signals, SIGTERM among them, so `terminate()` alone does not end it.
    @Test func aChildStartedFromATaskHasSIGTERMBlocked() async throws {
        let process = Self.shell("exec sleep 600")
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        guard
            let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
            let blocked = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return }  // no /proc: not Linux
        #expect(blocked & (1 << (UInt64(SIGTERM) - 1)) != 0)
    }
}
