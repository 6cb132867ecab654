import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct ConcurrencyLimitTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// The lines the driver logs for eight jobs and `limit`: the first `limit` jobs start, then
    /// each finish lets the next job in, the window full each time, then the last ones finish.
    static func expectedLines(limit: Int, count: Int = 8) -> [String] {
        let window = min(limit, count)
        var lines = (0..<window).map { "Job \($0) started, \($0 + 1) running" }
        for job in 0..<count {
            lines.append("Job \(job) finished")
            if job + window < count { lines.append("Job \(job + window) started, \(window) running") }
        }
        return lines
    }

    static func run(_ side: Side, limit: Int) async -> (lines: [String], maxInFlight: Int) {
        let recorder = Recorder()
        let work = Duration.milliseconds(2)
        let maxInFlight: Int
        switch side {
        case .legacy:
            maxInFlight = await withCheckedContinuation { done in
                Legacy.ConcurrencyLimit.runJobs(maxConcurrentOperationCount: limit, work: work, log: recorder.logger) {
                    done.resume(returning: $0)
                }
            }
        case .modern:
            maxInFlight = await Modern.ConcurrencyLimit.runJobs(limit: limit, work: work, log: recorder.logger)
        }
        return (recorder.lines, maxInFlight)
    }

    @Test(arguments: Side.allCases)
    func aLimitOfOneRunsTheJobsOneAtATimeInOrder(_ side: Side) async {
        for _ in 0..<5 {
            let (lines, maxInFlight) = await Self.run(side, limit: 1)
            #expect(lines == (0..<8).flatMap { ["Job \($0) started, 1 running", "Job \($0) finished"] })
            #expect(maxInFlight == 1)
        }
    }

    /// The window fills to the limit, every time (the driver holds each job until it is full),
    /// and never passes it: a window one too wide would start a job before the first finished.
    @Test(arguments: Side.allCases, [1, 2, 3])
    func theWindowFillsToTheLimitAndNoFurther(_ side: Side, limit: Int) async {
        for _ in 0..<5 {
            let (lines, maxInFlight) = await Self.run(side, limit: limit)
            #expect(lines == Self.expectedLines(limit: limit))
            #expect(maxInFlight == limit)
        }
    }

    /// What the page's "limit 2" transcript shows: two jobs running at once, and the third let in
    /// only when the first has finished.
    @Test(arguments: Side.allCases)
    func limitTwoShowsTwoJobsRunningAtOnce(_ side: Side) async throws {
        let (lines, _) = await Self.run(side, limit: 2)
        let secondStarts = try #require(lines.firstIndex(of: "Job 1 started, 2 running"))
        let firstFinishes = try #require(lines.firstIndex(of: "Job 0 finished"))
        let thirdStarts = try #require(lines.firstIndex(of: "Job 2 started, 2 running"))
        #expect(secondStarts < firstFinishes && firstFinishes < thirdStarts)
        #expect(lines.filter { $0.hasSuffix("2 running") }.count == 7)
    }

    @Test func modernWindowOfOneRunsJobsInOrder() async {
        let order = Locked<[Int]>([])
        await Modern.ConcurrencyLimit.forEach(Array(0..<50), limit: 1) { job in
            order.withLock { $0.append(job) }
            await Task.yield()
        }
        #expect(order.withLock { $0 } == Array(0..<50))
    }

    @Test func legacyPriorityAndDependenciesReorderASerialQueue() async {
        let order = await onOwnThread {
            let order = Locked<[String]>([])
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            queue.isSuspended = true
            let a = BlockOperation { order.withLock { $0.append("A") } }
            let b = BlockOperation { order.withLock { $0.append("B") } }
            b.queuePriority = .veryHigh
            let c = BlockOperation { order.withLock { $0.append("C") } }
            let d = BlockOperation { order.withLock { $0.append("D") } }
            c.addDependency(d)
            queue.addOperations([a, b, c, d], waitUntilFinished: false)
            queue.isSuspended = false
            queue.waitUntilAllOperationsAreFinished()
            return order.withLock { $0 }
        }
        // B was added after A but has a higher priority; C was added before D but depends on it.
        #expect(order.firstIndex(of: "B")! < order.firstIndex(of: "A")!)
        #expect(order.firstIndex(of: "D")! < order.firstIndex(of: "C")!)
    }

    @Test func modernCancelledCallerStartsNoNewJob() async {
        let started = AsyncStream.makeStream(of: Int.self)
        let never = AsyncStream.makeStream(of: Void.self)
        let caller = Task {
            await Modern.ConcurrencyLimit.forEach(Array(0..<8), limit: 2) { job in
                started.continuation.yield(job)
                for await _ in never.stream {}  // ends when the job is cancelled
            }
            started.continuation.finish()
        }
        var jobs: [Int] = []
        for await job in started.stream {
            jobs.append(job)
            if jobs.count == 2 { caller.cancel() }
        }
        await caller.value
        #expect(jobs.sorted() == [0, 1])
        never.continuation.finish()
    }
}
