import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1)))
struct LateResultCacheTests {
    static let timeout = Duration.milliseconds(10)
    /// A timeout no load here comes near: the value arrives, or is cached, long before.
    static let generous = Duration.seconds(600)
    /// How long a terminated process gets before it is killed.
    static let grace = Duration.milliseconds(20)
    /// How a stopped process ends: SIGTERM, or SIGKILL after the grace period when SIGTERM did not
    /// reach it (on Linux, a process started from a task has it blocked).
    static let stopSignals = [SIGTERM, SIGKILL]

    /// A legacy cache whose load keeps its completions until the test lets them finish.
    final class HeldLoads: Sendable {
        private let completions = Locked<[@Sendable (String) -> Void]>([])
        private let started = Locked(0)
        private let starts = AsyncStream.makeStream(of: Void.self)

        var count: Int { started.withLock { $0 } }

        func cache() -> Legacy.LateResultCache<String, String> {
            Legacy.LateResultCache { [self] _, completion in
                started.withLock { $0 += 1 }
                completions.withLock { $0.append(completion) }
                starts.continuation.yield()
            }
        }

        /// Returns once a load has started (suspending: the cache's queue needs a Dispatch thread,
        /// which on Linux a task spinning on `Task.yield()` could be holding).
        func untilStarted() async {
            for await _ in starts.stream { return }
        }

        /// Calls every held completion with `value`.
        func finish(with value: String) {
            for completion in completions.withLock({ $0 }) { completion(value) }
        }
    }

    /// A modern cache whose load waits on a latch the test opens; `cancelledLoads` counts loads
    /// that saw their task cancelled.
    final class LatchedLoads: Sendable {
        let release = Latch()
        private let started = Locked(0)
        private let cancelled = Locked(0)

        var count: Int { started.withLock { $0 } }
        var cancelledLoads: Int { cancelled.withLock { $0 } }

        func cache() -> Modern.LateResultCache<String, String> {
            Modern.LateResultCache { [self] key in
                started.withLock { $0 += 1 }
                await release.wait()
                if Task.isCancelled { cancelled.withLock { $0 += 1 } }
                return "\(key) data"
            }
        }
    }

    static func ask(
        _ cache: Legacy.LateResultCache<String, String>, _ key: String = "report", timeout: Duration = timeout
    ) async -> String? {
        await withCheckedContinuation { answered in
            cache.value(for: key, timeout: timeout) { answered.resume(returning: $0) }
        }
    }

    /// Returns once `count` callers wait for the modern load of `key` (yields, never sleeps).
    static func untilWaiting(_ cache: Modern.LateResultCache<String, String>, _ count: Int) async throws {
        try await eventually { await cache.waitingCount(for: "report") >= count }
    }

    static func process(_ executable: String, _ arguments: [String] = []) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        return process
    }

    // MARK: - The late value

    @Test func legacyTimesOutThenTheLateValueFillsTheCache() async {
        let loads = HeldLoads()
        let cache = loads.cache()
        let start = ContinuousClock.now
        #expect(await Self.ask(cache) == nil)
        #expect(start.duration(to: .now) >= Self.timeout)
        loads.finish(with: "report data")
        // Queued after the late value on the cache's serial queue: answered from the cache.
        #expect(await Self.ask(cache, timeout: .zero) == "report data")
        #expect(loads.count == 1)
    }

    @Test func modernTimesOutThenTheLateValueFillsTheCache() async {
        let loads = LatchedLoads()
        let cache = loads.cache()
        let start = ContinuousClock.now
        #expect(await cache.value(for: "report", timeout: Self.timeout) == nil)
        #expect(start.duration(to: .now) >= Self.timeout)
        loads.release.open()
        #expect(await cache.value(for: "report", timeout: Self.generous) == "report data")
        // Returned after the load stored its value: now it is the cache that answers.
        #expect(await cache.value(for: "report", timeout: .zero) == "report data")
        #expect(loads.count == 1)
        #expect(loads.cancelledLoads == 0)
    }

    @Test func aLoadThatComesInTimeIsReturnedAndCachedOnBothSides() async {
        let legacy = Legacy.LateResultCache<String, String> { key, completion in completion("\(key) data") }
        #expect(await Self.ask(legacy, timeout: Self.generous) == "report data")
        #expect(await Self.ask(legacy, timeout: .zero) == "report data")

        let modern = Modern.LateResultCache<String, String> { key in "\(key) data" }
        #expect(await modern.value(for: "report", timeout: Self.generous) == "report data")
        #expect(await modern.value(for: "report", timeout: .zero) == "report data")
    }

    @Test func callersWhoAskDuringALoadJoinIt() async throws {
        let held = HeldLoads()
        let legacy = held.cache()
        let (answers, answered) = AsyncStream.makeStream(of: String?.self)
        // Both requests are queued, in order, before the first one starts the load.
        for _ in 0..<2 {
            legacy.value(for: "report", timeout: Self.generous) { answered.yield($0) }
        }
        await held.untilStarted()
        held.finish(with: "report data")
        var got: [String?] = []
        for await answer in answers {
            got.append(answer)
            if got.count == 2 { break }
        }
        #expect(got == ["report data", "report data"])
        #expect(held.count == 1)

        let latched = LatchedLoads()
        let modern = latched.cache()
        let a = Task { await modern.value(for: "report", timeout: Self.generous) }
        let b = Task { await modern.value(for: "report", timeout: Self.generous) }
        try await Self.untilWaiting(modern, 2)
        latched.release.open()
        #expect(await [a.value, b.value] == ["report data", "report data"])
        #expect(latched.count == 1)
    }

    /// Hundreds of callers, half with a timeout of zero, half generous: each completion runs once.
    @Test func legacyAnswersEveryCallerExactlyOnce() async {
        let held = HeldLoads()
        let cache = held.cache()
        let answers = Locked<[Int: [String?]]>([:])
        let (done, answered) = AsyncStream.makeStream(of: Void.self)
        for caller in 0..<200 {
            cache.value(for: "report", timeout: caller.isMultiple(of: 2) ? .zero : Self.generous) { value in
                answers.withLock { $0[caller, default: []].append(value) }
                answered.yield()
            }
        }
        var count = 0
        for await _ in done {
            count += 1
            if count == 100 { held.finish(with: "report data") }  // the zero timeouts have answered
            if count == 200 { break }
        }
        let all = answers.withLock { $0 }
        #expect(all.count == 200)
        #expect(all.values.allSatisfy { $0.count == 1 })
        #expect(all.filter { $0.key.isMultiple(of: 2) }.values.allSatisfy { $0 == [nil] })
        #expect(all.filter { !$0.key.isMultiple(of: 2) }.values.allSatisfy { $0 == ["report data"] })
        #expect(held.count == 1)
    }

    @Test(arguments: [Duration.zero, .milliseconds(-5)])
    func aZeroOrNegativeTimeoutAnswersNilUnlessTheValueIsCached(_ timeout: Duration) async {
        let held = HeldLoads()
        let legacy = held.cache()
        #expect(await Self.ask(legacy, timeout: timeout) == nil)
        held.finish(with: "report data")
        #expect(await Self.ask(legacy, timeout: timeout) == "report data")

        let latched = LatchedLoads()
        let modern = latched.cache()
        #expect(await modern.value(for: "report", timeout: timeout) == nil)
        latched.release.open()
        #expect(await modern.value(for: "report", timeout: Self.generous) == "report data")
        #expect(await modern.value(for: "report", timeout: timeout) == "report data")
    }

    // MARK: - Cancellation, and the pitfall

    /// Difference: a modern caller can be cancelled; it gets nil at once, and the load it started
    /// runs on, uncancelled, and fills the cache. A legacy caller has no way to stop waiting.
    @Test func modernCancelledCallerGetsNilAndTheLoadRunsOn() async throws {
        let loads = LatchedLoads()
        let cache = loads.cache()
        let caller = Task { await cache.value(for: "report", timeout: Self.generous) }
        try await Self.untilWaiting(cache, 1)
        caller.cancel()
        #expect(await caller.value == nil)
        loads.release.open()
        #expect(await cache.value(for: "report", timeout: Self.generous) == "report data")
        #expect(loads.cancelledLoads == 0)
        #expect(loads.count == 1)
    }

    /// Priority: a caller waits on a stream, not on the load task, so a high-priority caller does
    /// not raise the priority of a load that a low-priority caller started. A task that awaits
    /// another task's `value` does raise it.
    @Test func aWaitingCallerDoesNotRaiseTheLoadsPriority() async throws {
        let release = Latch()
        let seen = Locked<TaskPriority?>(nil)
        let cache = Modern.LateResultCache<String, String> { key in
            await release.wait()
            seen.withLock { $0 = Task.currentPriority }
            return "\(key) data"
        }
        let starter = Task(priority: .low) { await cache.value(for: "report", timeout: .zero) }
        try await Self.untilWaiting(cache, 1)  // the low-priority caller started the load
        let urgent = Task(priority: .high) { await cache.value(for: "report", timeout: Self.generous) }
        try await Self.untilWaiting(cache, 2)
        release.open()
        #expect(await urgent.value == "report data")
        #expect(seen.withLock { $0 } == .low)
        _ = await starter.value

        let work = Task(priority: .low) { () throws -> TaskPriority in
            try await eventually { Task.currentPriority >= .high }
            return Task.currentPriority
        }
        let waiter = Task(priority: .high) { try await work.value }
        #expect(try await waiter.value == .high)
    }

    /// The alternative built on `withTimeout` and `OneShotFuture` behaves the same: nil at the
    /// timeout, the late value in the cache, nil at once for a cancelled caller, one load.
    @Test func theFutureBasedCacheTimesOutAndKeepsTheLateValue() async {
        let release = Latch()
        let loads = Locked(0)
        let cache = Modern.FutureLateResultCache<String, String> { key in
            loads.withLock { $0 += 1 }
            await release.wait()
            return "\(key) data"
        }
        #expect(await cache.value(for: "report", timeout: Self.timeout) == nil)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await cache.value(for: "report", timeout: Self.generous)
        }
        #expect(await cancelled.value == nil)
        release.open()
        #expect(await cache.value(for: "report", timeout: Self.generous) == "report data")
        #expect(await cache.value(for: "report", timeout: .zero) == "report data")
        #expect(loads.withLock { $0 } == 1)
    }

    /// Why the caller does not wait on the load task: awaiting a task's value ignores
    /// cancellation, so `withTimeout` cancels it in vain, and its task group waits for it. The
    /// timeout's error comes only once the work is done.
    @Test func withTimeoutAroundTaskValueReturnsOnlyWhenTheWorkEnds() async throws {
        let release = Latch()
        let work = Task {
            await release.wait()
            return 42
        }
        let events = Recorder()
        let waiter = Task {
            do {
                _ = try await withTimeout(Self.timeout) { await work.value }
                events.log("waiter: value")
            } catch {
                events.log("waiter: \(type(of: error))")
            }
        }
        try await Task.sleep(for: Self.timeout * 10)  // ten timeouts: a working timeout would have fired
        events.log("work released")
        release.open()
        await waiter.value
        #expect(events.lines == ["work released", "waiter: TimeoutError"])
    }

    /// The same race on a future times out while the work is still held.
    @Test func withTimeoutAroundAFutureTimesOutWhileTheWorkRunsOn() async {
        let future = Modern.OneShotFuture<Int>()
        let events = Recorder()
        do {
            _ = try await withTimeout(Self.timeout) { try await future.value() }
            events.log("waiter: value")
        } catch {
            events.log("waiter: \(type(of: error))")
        }
        await future.fulfill(42)
        events.log("work done")
        #expect(events.lines == ["waiter: TimeoutError", "work done"])
    }

    // MARK: - A bounded wait on a process

    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func run(_ side: Side, _ process: Process, timeout: Duration) async throws -> String {
        switch side {
        case .legacy:
            let outcome = try await onOwnThread { try Legacy.ProcessWatchdog.run(process, timeout: timeout, grace: grace) }
            switch outcome {
            case .exited(let status): return "exited \(status)"
            case .terminatedAfterTimeout: return "terminated"
            }
        case .modern:
            switch try await Modern.ProcessWatchdog.run(process, timeout: timeout, grace: grace) {
            case .exited(let status): return "exited \(status)"
            case .terminatedAfterTimeout: return "terminated"
            }
        }
    }

    @Test(arguments: Side.allCases)
    func aProcessThatOutlivesTheTimeoutIsTerminatedAndReaped(_ side: Side) async throws {
        let sleeper = Self.process("/bin/sleep", ["3600"])
        let start = ContinuousClock.now
        #expect(try await Self.run(side, sleeper, timeout: Self.timeout) == "terminated")
        #expect(start.duration(to: .now) >= Self.timeout)
        #expect(!sleeper.isRunning)
        #expect(sleeper.terminationReason == .uncaughtSignal)
        #expect(Self.stopSignals.contains(sleeper.terminationStatus))
    }

    /// SIGTERM can be caught or ignored: after the grace period, SIGKILL ends the process anyway.
    @Test(arguments: Side.allCases)
    func aProcessThatIgnoresSigtermIsKilledAfterTheGrace(_ side: Side) async throws {
        let stubborn = Self.process("/bin/sh", ["-c", "trap '' TERM; exec /bin/sleep 3600"])
        let start = ContinuousClock.now
        #expect(try await Self.run(side, stubborn, timeout: Self.timeout) == "terminated")
        #expect(start.duration(to: .now) >= Self.timeout + Self.grace)
        #expect(!stubborn.isRunning)
        #expect(stubborn.terminationStatus == SIGKILL)
    }

    #if os(Linux)
        /// The platform fact behind the grace period (swift-corelibs-foundation issue 4772): on
        /// Linux, `Process` passes the calling thread's signal mask on to the child, and a task
        /// runs on a Dispatch worker thread, which blocks SIGTERM.
        @Test func onLinuxAProcessStartedFromATaskHasSigtermBlocked() async throws {
            let shell = Self.process("/bin/sh", ["-c", "echo ready; read line"])
            let output = Pipe()
            shell.standardInput = Pipe()
            shell.standardOutput = output
            try shell.run()
            // "ready": the shell is past its exec, with the mask it keeps.
            _ = await onOwnThread { output.fileHandleForReading.availableData }
            let status = try String(contentsOfFile: "/proc/\(shell.processIdentifier)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
            let mask = try #require(UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16))
            #expect(mask & (1 << (UInt64(SIGTERM) - 1)) != 0)
            kill(shell.processIdentifier, SIGKILL)
            shell.waitUntilExit()
        }
    #endif

    @Test(arguments: Side.allCases)
    func aProcessThatExitsInTimeReportsItsStatus(_ side: Side) async throws {
        let process = Self.process("/bin/sh", ["-c", "exit 3"])
        #expect(try await Self.run(side, process, timeout: Self.generous) == "exited 3")
        #expect(process.terminationReason == .exit)
    }

    @Test(arguments: Side.allCases)
    func aZeroOrNegativeTimeoutTerminatesARunningProcess(_ side: Side) async throws {
        for timeout in [Duration.zero, .milliseconds(-5)] {
            let sleeper = Self.process("/bin/sleep", ["3600"])
            #expect(try await Self.run(side, sleeper, timeout: timeout) == "terminated")
            #expect(!sleeper.isRunning)
        }
    }

    @Test(arguments: Side.allCases)
    func aMissingExecutableThrowsAndNothingIsLeftWaiting(_ side: Side) async {
        let missing = Self.process("/nonexistent/watched-tool")
        await #expect(throws: (any Error).self) { try await Self.run(side, missing, timeout: Self.generous) }
    }

    /// Difference: cancelling the modern wait acts on the process: it is terminated, and the wait
    /// throws `CancellationError` once it has exited. The legacy wait can't be cancelled.
    @Test func modernCancellingTheWaitTerminatesTheProcess() async throws {
        for cancelBeforeStart in [true, false] {
            let sleeper = Self.process("/bin/sleep", ["3600"])
            let wait = Task {
                try await Modern.ProcessWatchdog.run(sleeper, timeout: Self.generous, grace: Self.grace)
            }
            if cancelBeforeStart {
                wait.cancel()
            } else {
                try await eventually { sleeper.isRunning }
                wait.cancel()
            }
            await #expect(throws: CancellationError.self) { try await wait.value }
            #expect(!sleeper.isRunning)
            #expect(Self.stopSignals.contains(sleeper.terminationStatus))
        }
    }
}
