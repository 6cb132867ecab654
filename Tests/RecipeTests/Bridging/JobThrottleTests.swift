import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

@Suite(.serialized) struct JobThrottleTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Runs `count` jobs through one side's throttle; each job runs `work` and is counted by the
    /// side's own gauge. Returns the jobs in the order they finished and the high-water mark.
    static func run(
        _ side: Side, count: Int, limit: Int = 3, work: Duration
    ) async -> (done: [Int], maxInFlight: Int) {
        let recorder = Recorder()
        let maxInFlight: Int
        switch side {
        case .legacy:
            maxInFlight = await withCheckedContinuation { done in
                Legacy.JobThrottle.runJobs(count, limit: limit, work: work, log: recorder.logger) {
                    done.resume(returning: $0)
                }
            }
        case .modern:
            maxInFlight = await Modern.JobThrottle.runJobs(count, limit: limit, work: work, log: recorder.logger)
        }
        let done = recorder.lines.compactMap { Int($0.dropFirst("Job ".count).dropLast(" done".count)) }
        return (done, maxInFlight)
    }

    @Test(arguments: Side.allCases)
    func neverMoreThanTheLimitInFlight(_ side: Side) async {
        for _ in 0..<3 {
            let (done, maxInFlight) = await Self.run(side, count: 20, work: .milliseconds(1))
            #expect(done.sorted() == Array(0..<20))
            #expect((1...3).contains(maxInFlight))
        }
    }

    /// Hundreds of jobs, each done exactly once, never more than three at a time.
    @Test(arguments: Side.allCases)
    func hundredsOfJobsStayWithinTheLimit(_ side: Side) async {
        let (done, maxInFlight) = await Self.run(side, count: 400, work: .microseconds(20))
        #expect(done.sorted() == Array(0..<400))
        #expect((1...3).contains(maxInFlight))
    }

    /// Job k is admitted only after k − limit + 1 jobs have finished, in the array's order; gated
    /// jobs show the window fills up to exactly the limit.
    @Test func modernAdmitsJobsInOrderAsOthersFinish() async {
        let limit = 3
        let state = Locked((started: [Int](), finished: 0, finishedWhenStarted: [Int: Int]()))
        let entered = AsyncStream.makeStream(of: Int.self)
        let gate = OpenableGate()
        let run = Task {
            await Modern.JobThrottle.forEach(Array(0..<300), limit: limit) { job in
                state.withLock {
                    $0.started.append(job)
                    $0.finishedWhenStarted[job] = $0.finished
                }
                if job < limit {
                    entered.continuation.yield(job)
                    await gate.passed()  // held until the first three are in
                }
                await Task.yield()
                state.withLock { $0.finished += 1 }
            }
        }
        var first: [Int] = []
        for await job in entered.stream {
            first.append(job)
            if first.count == limit { break }
        }
        // Three jobs hold the window; none of them has finished, so no fourth can have started.
        #expect(state.withLock { $0.started.sorted() } == [0, 1, 2])
        gate.open()
        await run.value
        let final = state.withLock { $0 }
        #expect(final.started.sorted() == Array(0..<300))
        for job in 0..<300 {
            #expect(final.finishedWhenStarted[job]! >= job - limit + 1, "job \(job) started too early")
        }
    }

    @Test func modernCancelledMidwayStartsNoNewJob() async {
        let started = AsyncStream.makeStream(of: Int.self)
        let sawCancellation = Locked<[Int]>([])
        let caller = Task {
            await Modern.JobThrottle.forEach(Array(0..<20), limit: 3) { job in
                started.continuation.yield(job)
                // Sleeps until cancelled (an hour is "never" for this test).
                try? await Task.sleep(for: .seconds(3600))
                if Task.isCancelled { sawCancellation.withLock { $0.append(job) } }
            }
            started.continuation.finish()
        }
        var jobs: [Int] = []
        for await job in started.stream {
            jobs.append(job)
            if jobs.count == 3 { caller.cancel() }
        }
        await caller.value
        #expect(jobs.sorted() == [0, 1, 2])
        #expect(sawCancellation.withLock { $0.sorted() } == [0, 1, 2])

        // Nothing outlives the cancelled call: the next batch fills the window again.
        let entered = AsyncStream.makeStream(of: Int.self)
        let gate = OpenableGate()
        let again = Task {
            await Modern.JobThrottle.forEach(Array(0..<6), limit: 3) { job in
                entered.continuation.yield(job)
                await gate.passed()
            }
        }
        var inFlight: Set<Int> = []
        for await job in entered.stream {
            inFlight.insert(job)
            if inFlight.count == 3 { break }
        }
        #expect(inFlight == [0, 1, 2])
        gate.open()
        await again.value
    }

    @Test func modernCancelledBeforeTheCallStartsNothing() async {
        let started = Locked(0)
        let hold = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            for await _ in hold.stream {}  // ends when the task is cancelled
            await Modern.JobThrottle.forEach(Array(0..<20), limit: 3) { _ in
                started.withLock { $0 += 1 }
            }
        }
        caller.cancel()
        await caller.value
        #expect(started.withLock { $0 } == 0)
        hold.continuation.finish()
    }

    /// The semaphore version has no cancellation: every block dispatched runs its job.
    @Test func legacyRunsEveryDispatchedJob() async {
        let ran = Locked<[Int]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Legacy.JobThrottle(limit: 3).forEach(Array(0..<50)) { job in
                ran.withLock { $0.append(job) }
            } completion: {
                done.resume()
            }
        }
        #expect(ran.withLock { $0.sorted() } == Array(0..<50))
    }
}

/// A gate any number of tasks can wait at until it is opened.
struct OpenableGate: Sendable {
    private let opened = AsyncStream.makeStream(of: Void.self)
    private let waiter: Task<Void, Never>

    init() {
        let stream = opened.stream
        waiter = Task { for await _ in stream {} }
    }

    /// Returns once the gate is open.
    func passed() async { await waiter.value }

    func open() { opened.continuation.finish() }
}
