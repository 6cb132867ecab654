import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ValueClientTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func callbackQueue() -> DispatchQueue { DispatchQueue(label: "test.callbacks") }

    @Test(arguments: [3, 12, 40])
    func bothFormsReturnTheSameValue(_ key: Int) async {
        let legacy = Legacy.ValueClient(service: Legacy.ValueService(callbackQueue: Self.callbackQueue()))
        let modern = Modern.ValueClient(service: Modern.ValueService(callbackQueue: Self.callbackQueue()))
        let blocking = await onOwnThread { legacy.value(for: key) }
        let shim = await onOwnThread { modern.blockingValue(for: key, timeout: .seconds(30)) }
        let awaited = await modern.value(for: key)
        #expect(blocking == key * key)
        #expect(shim == blocking)
        #expect(awaited == blocking)
    }

    @Test(arguments: Side.allCases)
    func everyCallerGetsItsOwnValueOnce(_ side: Side) async {
        let callers = 300
        let answers = Locked<[Int: [Int]]>([:])
        switch side {
        case .legacy:
            let client = Legacy.ValueClient(service: Legacy.ValueService(callbackQueue: Self.callbackQueue()))
            await Self.onBlockingThreads(callers: callers) { caller in
                let value = client.value(for: caller)
                answers.withLock { $0[caller, default: []].append(value) }
            }
        case .modern:
            let client = Modern.ValueClient(service: Modern.ValueService(callbackQueue: Self.callbackQueue()))
            await withTaskGroup(of: Void.self) { group in
                for caller in 0..<callers {
                    group.addTask {
                        let value = await client.value(for: caller)
                        answers.withLock { $0[caller, default: []].append(value) }
                    }
                }
            }
            // The shim from as many threads: each blocks its own thread while a task awaits.
            let shimAnswers = Locked<[Int: [Int]]>([:])
            await Self.onBlockingThreads(callers: callers) { caller in
                let value = client.blockingValue(for: caller, timeout: .seconds(30))
                shimAnswers.withLock { $0[caller, default: []].append(value ?? -1) }
            }
            #expect(shimAnswers.withLock { $0 } == answers.withLock { $0 })
        }
        let all = answers.withLock { $0 }
        #expect(all.count == callers)
        #expect(all.allSatisfy { caller, values in values == [caller * caller] })
    }

    /// Runs `call` for every caller, spread over 8 threads of their own, and returns when all have.
    ///
    /// The callers block, so they get threads of their own: on Dispatch's worker threads (say with
    /// `concurrentPerform`) they would hold the very threads the callbacks and, on Linux, the tasks
    /// need, and progress would hang on libdispatch adding threads.
    static func onBlockingThreads(callers: Int, _ call: @escaping @Sendable (Int) -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    await onOwnThread(name: "caller-\(thread)") {
                        for caller in stride(from: thread, to: callers, by: 8) { call(caller) }
                    }
                }
            }
        }
    }

    @Test func aCancelledCallerStillGetsItsValue() async {
        let client = Modern.ValueClient(service: Modern.ValueService(callbackQueue: Self.callbackQueue()))
        // Cancelled before the call: the continuation is still resumed, once, by the callback.
        let before = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await client.value(for: 5)
        }
        #expect(await before.value == 25)
        #expect(before.isCancelled)
        // Cancelled while waiting: the callback is held back until the cancel has happened.
        let hold = DispatchQueue(label: "test.held")
        hold.suspend()
        let held = Modern.ValueClient(service: Modern.ValueService(callbackQueue: hold))
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let during = Task {
            startedContinuation.yield()
            return await held.value(for: 6)
        }
        for await _ in started { break }
        during.cancel()
        hold.resume()
        #expect(await during.value == 36)
    }

    /// The shim's timeout: a callback that does not come in time makes it return nil, on a thread
    /// of its own here, so no pool thread waits.
    @Test func theShimGivesUpAfterItsTimeout() async {
        let held = DispatchQueue(label: "test.held")
        held.suspend()
        let client = Modern.ValueClient(service: Modern.ValueService(callbackQueue: held))
        let value = await onOwnThread { client.blockingValue(for: 4, timeout: .milliseconds(50)) }
        #expect(value == nil)
        held.resume()
    }

    /// Runs `compare --demo sync-wait-for-callback <scenario> <side>` and reports how it ended.
    static func runChild(
        _ side: String, scenario: String = "waiting on main for a main-queue callback", timeout: Duration
    ) async -> (DemoResult, [String]) {
        await ChildProcess.run(
            arguments: ["--demo", "sync-wait-for-callback", scenario, side, "--pace", "test"],
            timeout: timeout
        )
    }

    /// Two tasks that call a synchronous function which blocks in the shim, at once: on a pool of
    /// two threads they hold both, and the tasks they wait for cannot start. With the timeout both
    /// return (at least one with nil); a shim that waited without one hung for good. The legacy
    /// callers, on global-queue threads, both get their value.
    @Test func twoBlockingCallersInTasksReturnInsteadOfHanging() async {
        let scenario = "two blocking callers in tasks"
        let (modern, modernLines) = await Self.runChild("modern", scenario: scenario, timeout: .seconds(10))
        #expect(modern == .finished(status: 0))
        let poolIsNarrow = ProcessInfo.processInfo.activeProcessorCount < 3
        #expect(
            modernLines == [
                "2 tasks call a synchronous function that blocks in the shim",
                "both callers returned",
                poolIsNarrow ? "at least one timed out: no pool thread was left for its task" : "both got their value",
            ])
        let (legacy, legacyLines) = await Self.runChild("legacy", scenario: scenario, timeout: .seconds(10))
        #expect(legacy == .finished(status: 0))
        #expect(legacyLines == ["2 threads call value(for:) at once", "both callers returned", "both got their value"])
    }

    @Test func waitingOnMainHangsAwaitingOnMainFinishes() async {
        let (legacy, legacyLines) = await Self.runChild("legacy", timeout: .milliseconds(1000))
        #expect(legacy == .hung)
        #expect(legacyLines == ["main thread: waiting for a main-queue callback"])
        let (modern, modernLines) = await Self.runChild("modern", timeout: .seconds(10))
        #expect(modern == .finished(status: 0))
        #expect(modernLines == ["main actor: awaiting a main-queue callback", "value = 49"])
    }
}
