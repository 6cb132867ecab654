import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

/// The blocking tasks hold every thread of the cooperative pool, so they run only in a child
/// process (`compare --demo`); the fixes run here.
@Suite(.serialized) struct BlockingJobsTests {
    static let squares = (0..<8).map { $0 * $0 }

    /// Runs one side of "usleep in each job" in a child at the quick pace (8 jobs of 10 ms),
    /// which also logs the peak in flight.
    static func runChild(_ side: String) async -> (DemoResult, results: String?, peak: Int?) {
        let (result, lines) = await ChildProcess.run(
            arguments: ["--demo", "blocking-the-pool", "usleep in each job", side, "--pace", "quick"],
            timeout: .seconds(10))
        let peak = lines.dropFirst().first.flatMap { line in
            line.hasPrefix("peak in flight: ")
                ? Int(line.dropFirst("peak in flight: ".count).prefix { $0.isNumber }) : nil
        }
        return (result, lines.first, peak)
    }

    @Test func blockingTasksNeverExceedThePoolWidth() async {
        let (modern, results, peak) = await Self.runChild("modern")
        #expect(modern == .finished(status: 0))
        #expect(results == "8 jobs done: 0 1 4 9 16 25 36 49")
        // The runtime's global queue is as wide as the logical CPU count, and never wider.
        #expect(peak != nil)
        #expect((1...ProcessInfo.processInfo.processorCount).contains(peak ?? 0))

        let (legacy, legacyResults, legacyPeak) = await Self.runChild("legacy")
        #expect(legacy == .finished(status: 0))
        #expect(legacyResults == "8 jobs done: 0 1 4 9 16 25 36 49")
        #expect(legacyPeak != nil)
    }

    /// Suspended jobs hold no thread: on a pool of 2, all eight are in flight at once.
    @Test func suspendingJobsAllOverlap() async {
        let entered = AsyncStream.makeStream(of: Int.self)
        let gate = OpenableGate()
        let run = Task {
            await Modern.BlockingJobs.run(8) { job in
                entered.continuation.yield(job)
                await gate.passed()
                return job * job
            }
        }
        var inFlight: Set<Int> = []
        for await job in entered.stream {
            inFlight.insert(job)
            if inFlight.count == 8 { break }
        }
        #expect(inFlight == Set(0..<8))
        gate.open()
        #expect(await run.value == Self.squares)

        let (results, _) = await Modern.BlockingJobs.runJobs(.suspending, block: .milliseconds(1))
        #expect(results == Self.squares)
    }

    /// Blocking jobs moved to threads of their own all block at once; on the pool only two could.
    @Test func offloadedBlockingJobsAllOverlap() async {
        let entered = AsyncStream.makeStream(of: Int.self)
        let gate = DispatchSemaphore(value: 0)
        let run = Task {
            await Modern.BlockingJobs.run(8) { job in
                await Modern.BlockingJobs.onItsOwnThread {
                    entered.continuation.yield(job)
                    gate.wait()  // blocks this job's own thread, not the pool's
                    return job * job
                }
            }
        }
        var inFlight: Set<Int> = []
        for await job in entered.stream {
            inFlight.insert(job)
            if inFlight.count == 8 { break }
        }
        #expect(inFlight == Set(0..<8))
        for _ in 0..<8 { gate.signal() }
        #expect(await run.value == Self.squares)

        let (results, _) = await Modern.BlockingJobs.runJobs(.ownThread, block: .milliseconds(1))
        #expect(results == Self.squares)
    }

    @Test func legacyBlockingJobsAllComplete() async {
        let (results, maxInFlight) = await withCheckedContinuation { done in
            Legacy.BlockingJobs.runJobs(block: .milliseconds(1)) { done.resume(returning: ($0, $1)) }
        }
        #expect(results == Self.squares)
        #expect((1...8).contains(maxInFlight))
    }
}
