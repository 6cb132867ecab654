import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized) struct ConcurrencyLimitTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let inOrder = (0..<8).flatMap { ["Job \($0) started", "Job \($0) finished"] }

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
            #expect(lines == Self.inOrder)
            #expect(maxInFlight == 1)
        }
    }

    @Test(arguments: Side.allCases, [1, 2, 3])
    func neverMoreThanTheLimitInFlight(_ side: Side, limit: Int) async {
        for _ in 0..<5 {
            let (lines, maxInFlight) = await Self.run(side, limit: limit)
            #expect(lines.sorted() == Self.inOrder.sorted())
            #expect((1...limit).contains(maxInFlight))
            for job in 0..<8 {
                let started = lines.firstIndex(of: "Job \(job) started")
                let finished = lines.firstIndex(of: "Job \(job) finished")
                #expect(started != nil && finished != nil && started! < finished!)
            }
        }
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
