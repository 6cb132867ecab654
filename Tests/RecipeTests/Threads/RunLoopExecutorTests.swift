import CoreFoundation
import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct RunLoopExecutorTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// A library that records, for each call, the kernel thread it ran on, and on which thread it
    /// was made and released.
    final class Probe {
        let made = LiveThreads.currentID()
        var calls: [(caller: Int, number: Int, tid: Int32?)] = []
        let released: Locked<Int32?>
        init(released: Locked<Int32?>) { self.released = released }
        deinit { released.withLock { $0 = LiveThreads.currentID() } }
    }

    /// 8 callers × 125 calls: every call runs on one thread (not a caller's), the library was made
    /// and released there, each caller's calls arrive in its order, and the thread ends on close.
    @Test(arguments: Side.allCases)
    func everyCallRunsOnTheLibraryThreadInPerCallerOrder(_ side: Side) async throws {
        let released = Locked<Int32?>(nil)
        let callers = 8
        let callsEach = 125
        typealias Summary = (calls: [(caller: Int, number: Int, tid: Int32?)], made: Int32?)
        let summary: Summary?
        switch side {
        case .legacy:
            summary = await onOwnThread { () -> Summary? in
                let library = Legacy.ThreadBoundLibrary<Probe>(name: "probe") { Probe(released: released) }
                DispatchQueue.concurrentPerform(iterations: callers) { caller in
                    for number in 0..<callsEach {
                        _ = library.call { $0.calls.append((caller, number, LiveThreads.currentID())) }
                    }
                }
                let summary = library.call { ($0.calls, $0.made) }
                library.close()
                return summary
            }
        case .modern:
            let library = await Modern.ThreadBoundLibrary<Probe>.open(name: "probe") { Probe(released: released) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for caller in 0..<callers {
                    group.addTask {
                        for number in 0..<callsEach {
                            try await library.call { $0.calls.append((caller, number, LiveThreads.currentID())) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            summary = try await library.call { ($0.calls, $0.made) }
            await library.close()
        }
        let (calls, made) = try #require(summary)
        #expect(calls.count == callers * callsEach)
        let threads = Set(calls.map(\.tid))
        #expect(threads.count == 1)
        let tid = try #require(made)
        #expect(threads == [tid])
        #expect(tid != LiveThreads.currentID())
        #expect(released.withLock { $0 } == tid, "the library is released on its thread")
        for caller in 0..<callers {
            #expect(calls.filter { $0.caller == caller }.map(\.number) == Array(0..<callsEach))
        }
        #expect(await LiveThreads.settle(tid: tid) == false, "the library's thread is still alive")
    }

    /// Bad input: a call after close never reaches the library (legacy: `nil`; modern: `Closed`),
    /// and a second close returns at once.
    @Test(arguments: Side.allCases)
    func aCallAfterCloseIsRefusedAndCloseTwiceIsHarmless(_ side: Side) async {
        let ran = Locked(0)
        switch side {
        case .legacy:
            let result = await onOwnThread { () -> Int? in
                let library = Legacy.ThreadBoundLibrary<Int>(name: "probe") { 0 }
                library.close()
                library.close()
                return library.call { (_: Int) -> Int in ran.withLock { $0 += 1; return $0 } }
            }
            #expect(result == nil)
        case .modern:
            let library = await Modern.ThreadBoundLibrary<Int>.open(name: "probe") { 0 }
            await library.close()
            await library.close()
            await #expect(throws: Modern.RunLoopExecutor.Closed.self) {
                try await library.call { _ in ran.withLock { $0 += 1 } }
            }
        }
        #expect(ran.withLock { $0 } == 0)
    }

    /// Bad input: no callers at all still opens, reports nothing ran, and closes.
    @Test(arguments: Side.allCases)
    func noCallersStillOpensAndCloses(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread { Legacy.RunLoopExecutor.serveCallers(callers: 0, callsEach: 5, log: recorder.logger) }
        case .modern:
            await Modern.RunLoopExecutor.serveCallers(callers: 0, callsEach: 5, log: recorder.logger)
        }
        #expect(recorder.lines.first == "0 callers × 5 calls: 0 ran")
        #expect(recorder.lines.last == "a call after close: refused")
    }

    /// Cancellation (modern only; a blocked legacy caller has no such notion): a cancelled
    /// caller's call throws `CancellationError` and never reaches the library.
    @Test func modernCancelledCallerNeverReachesTheLibrary() async throws {
        let library = await Modern.ThreadBoundLibrary<Int>.open(name: "probe") { 0 }
        let ran = Locked(false)
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await library.call { _ in ran.withLock { $0 = true } }
        }.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(ran.withLock { $0 } == false)
        #expect(try await library.call { $0 } == 0, "the library still serves other callers")
        await library.close()
    }

    /// A caller cancelled while its call waits behind another one for the library's thread: the
    /// call checks again when its turn comes, throws `CancellationError`, and never reaches the
    /// library.
    @Test(.timeLimit(.minutes(1)))
    func modernCallerCancelledWhileQueuedNeverReachesTheLibrary() async throws {
        let library = await Modern.ThreadBoundLibrary<Int>.open(name: "probe") { 0 }
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let ran = Locked(false)
        let first = Task {
            try await library.call { _ in
                started.signal()
                gate.wait()  // holds the library's thread
            }
        }
        await onOwnThread { started.wait() }
        // `Task.immediate` runs the call up to its first suspension (the hop onto the busy
        // library thread) before it returns, so the call is queued when it is cancelled.
        let queued = Task.immediate {
            try await library.call { _ in ran.withLock { $0 = true } }
        }
        queued.cancel()
        gate.signal()
        try await first.value
        let result = await queued.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(ran.withLock { $0 } == false)
        await library.close()
    }

    /// `close()` waits for a call already in flight: the call finishes before close returns.
    @Test func modernCloseWaitsForACallInFlight() async throws {
        let library = await Modern.ThreadBoundLibrary<Int>.open(name: "probe") { 0 }
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let order = Locked<[String]>([])
        let call = Task {
            try await library.call { _ in
                started.signal()
                gate.wait()  // blocks the library's own thread, not the pool
                order.withLock { $0.append("call finished") }
            }
        }
        await onOwnThread { started.wait() }
        let close = Task {
            await library.close()
            order.withLock { $0.append("closed") }
        }
        gate.signal()
        try await call.value
        await close.value
        #expect(order.withLock { $0 } == ["call finished", "closed"])
    }

    /// A callback the library schedules on its own run loop runs on the thread but outside the
    /// actor's jobs; it enters the actor with `assumeIsolated`, which the executor's
    /// `checkIsolated()` allows there. (Without `checkIsolated()` the same call traps with
    /// "Unexpected isolation context, expected to be executing on RunLoopExecutor".)
    @Test(.timeLimit(.minutes(1)))
    func aRunLoopCallbackEntersTheActorWithAssumeIsolated() async throws {
        let library = await Modern.ThreadBoundLibrary<Int>.open(name: "probe") { 42 }
        let libraryThread = try await library.call { _ in LiveThreads.currentID() }
        let seen: (value: Int, thread: Int32?) = try await withCheckedThrowingContinuation { done in
            Task {
                do {
                    try await library.call { _ in
                        // What a C library does: a block on the current run loop, run later.
                        CFRunLoopPerformBlock(CFRunLoopGetCurrent(), kCFRunLoopDefaultMode) {
                            let value = library.inCallback { $0 }
                            done.resume(returning: (value, LiveThreads.currentID()))
                        }
                        CFRunLoopWakeUp(CFRunLoopGetCurrent())
                    }
                } catch {
                    done.resume(throwing: error)
                }
            }
        }
        #expect(seen.value == 42)
        #expect(seen.thread == libraryThread)
        await library.close()
    }
}
