import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// A one-shot gate.
private final class Gate: Sendable {
    private let pair = AsyncStream.makeStream(of: Void.self)
    func open() { pair.continuation.finish() }
    func wait() async { for await _ in pair.stream {} }
}

/// Counts jobs in flight and remembers the most.
private final class Gauge: Sendable {
    private let state = Locked((now: 0, most: 0))
    func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func leave() { state.withLock { $0.now -= 1 } }
    var most: Int { state.withLock { $0.most } }
}

/// A modern caller that holds a permit until `gate` opens.
private func holder(_ limiter: Modern.ConcurrencyLimiter, _ gate: Gate) -> Task<Void, any Error> {
    Task { try await limiter.run { await gate.wait() } }
}

/// `count` callers queued one by one behind `limiter`'s one held permit, each appending its index
/// to `order` when it gets in.
private func lineUp(
    _ count: Int, behind limiter: Modern.ConcurrencyLimiter, into order: Locked<[Int]>
) async throws -> [Task<Void, any Error>] {
    try await eventually { await limiter.runningCount == 1 }
    var callers: [Task<Void, any Error>] = []
    for caller in 0..<count {
        callers.append(Task { try await limiter.run { order.withLock { $0.append(caller) } } })
        try await eventually { await limiter.waitingCount == caller + 1 }
    }
    return callers
}

extension Modern.ConcurrencyLimiter {
    /// Holds a permit until `gate` opens, then calls `cancel` and returns, all on the limiter's own
    /// executor: the permit is handed on before anything else reaches the limiter.
    fileprivate func holdThenCancel(_ gate: Gate, _ cancel: @Sendable () -> Void) async throws {
        try await run {
            await gate.wait()
            cancel()
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct ConcurrencyLimiterTests {
    struct Failed: Error {}

    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    // MARK: Both sides

    /// 300 jobs from 300 concurrent callers, a limit of 3: never more than 3 run, and the limit is
    /// reached.
    @Test(arguments: Side.allCases)
    func hundredsOfCallersNeverExceedTheLimit(_ side: Side) async {
        let gauge = Gauge()
        switch side {
        case .legacy:
            let limiter = Legacy.ConcurrencyLimiter(limit: 3)
            let everyone = DispatchGroup()
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: 300) { _ in
                    everyone.enter()
                    limiter.run { done in
                        gauge.enter()
                        DispatchQueue.global().async {
                            gauge.leave()
                            done()
                            everyone.leave()
                        }
                    }
                }
            }
            await withCheckedContinuation { done in everyone.notify(queue: .global()) { done.resume() } }
        case .modern:
            let limiter = Modern.ConcurrencyLimiter(limit: 3)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<300 {
                    group.addTask {
                        try? await limiter.run {
                            gauge.enter()
                            await Task.yield()
                            gauge.leave()
                        }
                    }
                }
            }
            #expect(await limiter.runningCount == 0)
        }
        #expect(gauge.most <= 3)
    }

    /// The page's "requests keep arriving" steps, twenty times: the limit is reached and never
    /// passed, and each end lets in the caller that came first.
    @Test(arguments: Side.allCases)
    func requestsThatKeepArrivingStartInOrderAtMostTwoAtOnce(_ side: Side) async {
        for _ in 0..<20 {
            let recorder = Recorder()
            let most =
                switch side {
                case .legacy: await onOwnThread { Legacy.ConcurrencyLimiter.keepArriving(log: recorder.logger) }
                case .modern: await Modern.ConcurrencyLimiter.keepArriving(log: recorder.logger)
                }
            #expect(most == 2)
            #expect(
                recorder.lines.filter { $0.contains("started") } == [
                    "request 1 started, 1 running", "request 2 started, 2 running", "request 3 started, 2 running",
                    "request 4 started, 2 running", "request 5 started, 2 running",
                ])
        }
    }

    /// Jobs handed over from synchronous code start in the order of the calls.
    @Test(arguments: Side.allCases)
    func jobQueueStartsJobsInSubmissionOrder(_ side: Side) async {
        let order = Locked<[Int]>([])
        switch side {
        case .legacy:
            await onOwnThread {
                let queue = Legacy.JobQueue(limit: 1)
                for job in 0..<50 { queue.submit { order.withLock { $0.append(job) } } }
                queue.waitUntilAllJobsAreFinished()
            }
        case .modern:
            let queue = Modern.JobQueue(limit: 1)
            for job in 0..<50 { queue.submit { order.withLock { $0.append(job) } } }
            queue.finish()
            await queue.run()
        }
        #expect(order.withLock { $0 } == Array(0..<50))
    }

    // MARK: Modern

    /// FIFO: with every permit taken, callers get in in the order they arrived, whatever order
    /// their tasks were created in.
    @Test func modernCallersStartInTheOrderTheyArrived() async throws {
        let limiter = Modern.ConcurrencyLimiter(limit: 1)
        let gate = Gate()
        let first = holder(limiter, gate)
        let order = Locked<[Int]>([])
        let callers = try await lineUp(20, behind: limiter, into: order)
        gate.open()
        try await first.value
        for caller in callers { try await caller.value }
        #expect(order.withLock { $0 } == Array(0..<20))
    }

    /// Cancelling a caller in the middle of the line takes out that caller only: the ones before and
    /// after it still get in, in the order they arrived.
    @Test func modernCancellingAWaiterInTheMiddleKeepsTheOthersInOrder() async throws {
        let limiter = Modern.ConcurrencyLimiter(limit: 1)
        let gate = Gate()
        let first = holder(limiter, gate)
        let order = Locked<[Int]>([])
        let callers = try await lineUp(5, behind: limiter, into: order)
        callers[2].cancel()
        await #expect(throws: CancellationError.self) { try await callers[2].value }
        #expect(await limiter.waitingCount == 4)
        gate.open()
        try await first.value
        for index in [0, 1, 3, 4] { try await callers[index].value }
        #expect(order.withLock { $0 } == [0, 1, 3, 4])
        #expect(await limiter.runningCount == 0)
    }

    /// A caller cancelled just as the permit is handed to it (the holder cancels it and returns on
    /// the limiter's own executor, so the hand-over comes before the cancellation handler reaches
    /// the limiter) gives the permit back and never runs its job.
    @Test func modernCallerCancelledAsItsTurnComesRunsNothing() async throws {
        for _ in 0..<50 {
            let limiter = Modern.ConcurrencyLimiter(limit: 1)
            let gate = Gate()
            let waiter = Locked<Task<Void, any Error>?>(nil)
            let ran = Locked(false)
            let first = Task {
                try await limiter.holdThenCancel(gate) { waiter.withLock { $0 }?.cancel() }
            }
            try await eventually { await limiter.runningCount == 1 }
            waiter.withLock { $0 = Task { try await limiter.run { ran.withLock { $0 = true } } } }
            try await eventually { await limiter.waitingCount == 1 }
            gate.open()
            try await first.value
            let result = await waiter.withLock { $0 }!.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(!ran.withLock { $0 })
            try await eventually { await limiter.runningCount == 0 }
            #expect(try await limiter.run { 1 } == 1)
        }
    }

    /// The permit goes back when the job throws: the next caller runs, and nothing is held.
    @Test func modernAFailingJobGivesItsPermitBack() async throws {
        let limiter = Modern.ConcurrencyLimiter(limit: 1)
        await #expect(throws: Failed.self) { try await limiter.run { throw Failed() } }
        #expect(try await limiter.run { 7 } == 7)
        #expect(await limiter.runningCount == 0)
    }

    /// A caller cancelled while it waits leaves the line at once with `CancellationError`, while
    /// the permit is still held; its job never runs, and it took no permit.
    @Test func modernCancelledWaiterLeavesAtOnceAndTakesNoPermit() async throws {
        let limiter = Modern.ConcurrencyLimiter(limit: 1)
        let gate = Gate()
        let first = holder(limiter, gate)
        try await eventually { await limiter.runningCount == 1 }
        let ran = Locked(false)
        let waiter = Task { try await limiter.run { ran.withLock { $0 = true } } }
        try await eventually { await limiter.waitingCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await limiter.waitingCount == 0)
        #expect(await limiter.runningCount == 1)  // the holder still runs
        gate.open()
        try await first.value
        #expect(await limiter.runningCount == 0)
        #expect(try await limiter.run { 1 } == 1)
        #expect(!ran.withLock { $0 })
    }

    /// Cancelled before the call, a caller throws at once and runs nothing, even with permits free.
    @Test func modernCancelledBeforeTheCallRunsNothing() async {
        let limiter = Modern.ConcurrencyLimiter(limit: 2)
        let ran = Locked(false)
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await limiter.run { ran.withLock { $0 = true } }
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(!ran.withLock { $0 })
        #expect(await limiter.runningCount == 0)
    }

    /// Hundreds of callers with every third cancelled: the limit holds, and the limiter ends idle.
    @Test func modernHundredsOfCallersWithCancellation() async {
        let limiter = Modern.ConcurrencyLimiter(limit: 3)
        let gauge = Gauge()
        let callers = (0..<300).map { _ in
            Task {
                try await limiter.run {
                    gauge.enter()
                    await Task.yield()
                    gauge.leave()
                }
            }
        }
        for (index, caller) in callers.enumerated() where index % 3 == 0 { caller.cancel() }
        for caller in callers { _ = await caller.result }
        #expect(gauge.most <= 3)
        #expect(await limiter.runningCount == 0)
        #expect(await limiter.waitingCount == 0)
    }

    /// The job runs in the caller's isolation: a main-actor caller's job is on the main actor.
    @MainActor @Test func modernJobRunsInTheCallersIsolation() async throws {
        let limiter = Modern.ConcurrencyLimiter(limit: 1)
        let onMain = try await limiter.run { MainActor.assertIsolated(); return true }
        #expect(onMain)
    }

    /// Cancelling the task that runs a job queue: the running job sees it, and no later job starts.
    @Test func modernJobQueueCancelledStartsNoNewJob() async {
        let queue = Modern.JobQueue(limit: 1)
        let started = AsyncStream.makeStream(of: Int.self)
        let never = AsyncStream.makeStream(of: Void.self)
        for job in 0..<5 {
            queue.submit {
                started.continuation.yield(job)
                for await _ in never.stream {}  // ends when the job is cancelled
            }
        }
        let runner = Task { await queue.run() }
        var iterator = started.stream.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        runner.cancel()
        await runner.value
        started.continuation.finish()
        #expect(await iterator.next() == nil)
        never.continuation.finish()
    }

    // MARK: Legacy

    /// Declared difference: a cancelled legacy job keeps its place until a permit frees; then it
    /// gives the permit straight back, and the next job runs.
    @Test func legacyCancelledJobLeavesOnlyWhenAPermitFrees() async {
        let limiter = Legacy.ConcurrencyLimiter(limit: 1)
        let events = Locked<[String]>([])
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        limiter.run { done in
            holding.signal()
            DispatchQueue.global().async {
                release.wait()
                events.withLock { $0.append("holder done") }
                done()
            }
        }
        let ended = DispatchGroup()
        ended.enter()
        ended.enter()
        let ticket = limiter.run({ done in
            events.withLock { $0.append("cancelled job ran") }
            done()
        }) {
            events.withLock { $0.append("cancelled job skipped") }
            ended.leave()
        }
        limiter.run { done in
            events.withLock { $0.append("next job ran") }
            done()
            ended.leave()
        }
        await onOwnThread { holding.wait() }
        ticket.cancel()
        #expect(events.withLock { $0 }.isEmpty)
        release.signal()
        await withCheckedContinuation { done in ended.notify(queue: .global()) { done.resume() } }
        #expect(events.withLock { $0 } == ["holder done", "cancelled job skipped", "next job ran"])
    }
}
