import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// Counts how often each iteration ran; safe to call from many threads.
private final class IterationCounts: Sendable {
    private let counts: Locked<[Int]>

    init(_ iterations: Int) {
        counts = Locked([Int](repeating: 0, count: iterations))
    }

    func ran(_ iteration: Int) {
        counts.withLock { $0[iteration] += 1 }
    }

    var all: [Int] { counts.withLock { $0 } }
}

/// A loop body whose iteration 0 holds its thread until `target` other iterations have run: an
/// iteration far slower than the rest, made without a clock. `reachedTarget` says whether the
/// others got there while it waited; the wait gives up after 30 s, so that a loop that can't get
/// there fails instead of hanging.
private final class StuckFirstIteration: Sendable {
    private let target: Int
    private let others = Locked(0)
    private let reached = DispatchSemaphore(value: 0)
    private let outcome = Locked<Bool?>(nil)

    init(target: Int) { self.target = target }

    func run(_ iteration: Int) {
        if iteration == 0 {
            let inTime = reached.wait(timeout: .now() + .seconds(30)) == .success
            outcome.withLock { $0 = inTime }
        } else if others.withLock({ $0 += 1; return $0 }) == target {
            reached.signal()
        }
    }

    var reachedTarget: Bool? { outcome.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(1))) struct ParallelLoopTests {
    static let width = 256
    static let pixels = SplitMix64.numbers(count: width * width, upTo: 255).map { UInt8($0) }
    static let sequential = Legacy.ParallelLoop.sequentialRowChecksums(pixels: pixels, width: width)

    /// A small image whose height (13) no chunk count used below divides evenly.
    static let oddWidth = 37
    static let oddPixels = SplitMix64.numbers(count: 37 * 13, upTo: 255, seed: 7).map { UInt8($0) }

    static func legacyChecksums(pixels: [UInt8], width: Int) async -> [UInt64] {
        await withCheckedContinuation { done in
            Legacy.ParallelLoop.rowChecksums(pixels: pixels, width: width) { done.resume(returning: $0) }
        }
    }

    @Test(arguments: [0, 1, 1000])
    func legacyRunsEveryIterationExactlyOnce(iterations: Int) async {
        let counts = IterationCounts(iterations)
        await withCheckedContinuation { done in
            Legacy.ParallelLoop.perform(iterations: iterations, body: counts.ran) { done.resume() }
        }
        #expect(counts.all == [Int](repeating: 1, count: iterations))
    }

    @Test(arguments: [1, 2, 3, 7, 1000, 5000])
    func modernChunkedRunsEveryIterationExactlyOnce(chunks: Int) async {
        let counts = IterationCounts(1000)
        await Modern.ParallelLoop.perform(iterations: 1000, chunks: chunks, body: counts.ran)
        #expect(counts.all == [Int](repeating: 1, count: 1000))
    }

    @Test func modernHandlesZeroIterations() async {
        let counts = IterationCounts(0)
        await Modern.ParallelLoop.perform(iterations: 0, body: counts.ran)
        await Modern.ParallelLoop.performOneChildPerIteration(iterations: 0, body: counts.ran)
        #expect(counts.all.isEmpty)
    }

    @Test func modernOneChildPerIterationRunsEveryIterationExactlyOnce() async {
        let counts = IterationCounts(1000)
        await Modern.ParallelLoop.performOneChildPerIteration(iterations: 1000, body: counts.ran)
        #expect(counts.all == [Int](repeating: 1, count: 1000))
    }

    @Test func bothSequentialLoopsAgree() {
        #expect(Modern.ParallelLoop.sequentialRowChecksums(pixels: Self.pixels, width: Self.width) == Self.sequential)
        #expect(Self.sequential.count == 256)
    }

    @Test func legacyChecksumsEqualTheSequentialLoop() async {
        #expect(await Self.legacyChecksums(pixels: Self.pixels, width: Self.width) == Self.sequential)
        let oddSequential = Legacy.ParallelLoop.sequentialRowChecksums(pixels: Self.oddPixels, width: Self.oddWidth)
        #expect(await Self.legacyChecksums(pixels: Self.oddPixels, width: Self.oddWidth) == oddSequential)
    }

    @Test(arguments: [1, 2, 3, 5, 256, 1000])
    func modernChunkedChecksumsEqualTheSequentialLoop(chunks: Int) async {
        let checksums = await Modern.ParallelLoop.rowChecksums(pixels: Self.pixels, width: Self.width, chunks: chunks)
        #expect(checksums == Self.sequential)
        let oddSequential = Modern.ParallelLoop.sequentialRowChecksums(pixels: Self.oddPixels, width: Self.oddWidth)
        let odd = await Modern.ParallelLoop.rowChecksums(pixels: Self.oddPixels, width: Self.oddWidth, chunks: chunks)
        #expect(odd == oddSequential)
    }

    @Test func modernOneChildPerRowChecksumsEqualTheSequentialLoop() async {
        #expect(
            await Modern.ParallelLoop.rowChecksumsOneChildPerRow(pixels: Self.pixels, width: Self.width)
                == Self.sequential)
    }

    /// The invariant is only as good as the checksum: moving a pixel within its row, or changing
    /// it, must change that row's checksum.
    @Test func aRowChecksumNoticesAMovedOrChangedPixel() {
        var swapped = Self.pixels
        let row = 100 * Self.width
        swapped.swapAt(row + 10, row + 200)
        #expect(swapped[row + 10] != swapped[row + 200])
        #expect(
            Legacy.ParallelLoop.sequentialRowChecksums(pixels: swapped, width: Self.width)[100] != Self.sequential[100])

        var changed = Self.pixels
        changed[row + 50] = changed[row + 50] < 128 ? 255 : 0
        #expect(
            Modern.ParallelLoop.sequentialRowChecksums(pixels: changed, width: Self.width)[100] != Self.sequential[100])
    }

    /// The chunked loop spreads uneven work: while iteration 0 is stuck, the other cores take the
    /// other chunks, so only the iterations of its own chunk (1/16 of the loop on 2 cores) wait
    /// with it. One chunk per core would hold back 1/`coreCount` of the loop behind it.
    @Test(.enabled(if: Modern.ParallelLoop.coreCount > 1))
    func modernChunkedKeepsTheOtherCoresBusyWhileOneIterationIsSlow() async {
        let iterations = 256
        let body = StuckFirstIteration(target: iterations - iterations / (2 * Modern.ParallelLoop.coreCount))
        await Modern.ParallelLoop.perform(iterations: iterations, body: body.run)
        #expect(body.reachedTarget == true)
    }

    /// Taking indices from one counter, as `dispatch_apply` does: while iteration 0 is stuck, the
    /// other children run every other iteration.
    @Test(.enabled(if: Modern.ParallelLoop.coreCount > 1))
    func modernTakingIndicesRunsEveryOtherIterationWhileOneIsSlow() async {
        let body = StuckFirstIteration(target: 255)
        await Modern.ParallelLoop.performTakingIndices(iterations: 256, body: body.run)
        #expect(body.reachedTarget == true)
    }

    /// `concurrentPerform` hands out one index at a time: while iteration 0 is stuck, the other
    /// threads run every other iteration.
    @Test(.enabled(if: Modern.ParallelLoop.coreCount > 1))
    func legacyRunsEveryOtherIterationWhileOneIsSlow() async {
        let body = StuckFirstIteration(target: 255)
        await withCheckedContinuation { done in
            Legacy.ParallelLoop.perform(iterations: 256, body: body.run) { done.resume() }
        }
        #expect(body.reachedTarget == true)
    }

    @Test(arguments: [0, 1, 2, 1000])
    func modernTakingIndicesRunsEveryIterationExactlyOnce(iterations: Int) async {
        let counts = IterationCounts(iterations)
        await Modern.ParallelLoop.performTakingIndices(iterations: iterations, body: counts.ran)
        #expect(counts.all == [Int](repeating: 1, count: iterations))
    }

    @Test(arguments: [0, 1, 1000])
    func legacyOneBlockPerIterationRunsEveryIterationExactlyOnce(iterations: Int) async {
        let counts = IterationCounts(iterations)
        await withCheckedContinuation { done in
            Legacy.ParallelLoop.performOneBlockPerIteration(iterations: iterations, body: counts.ran) {
                done.resume()
            }
        }
        #expect(counts.all == [Int](repeating: 1, count: iterations))
    }

    @Test func legacyOneBlockPerRowChecksumsEqualTheSequentialLoop() async {
        let checksums = await withCheckedContinuation { done in
            Legacy.ParallelLoop.rowChecksumsOneBlockPerRow(pixels: Self.pixels, width: Self.width) {
                done.resume(returning: $0)
            }
        }
        #expect(checksums == Self.sequential)
    }

    @Test func legacyCompletionFollowsEveryIteration() async {
        let recorder = Recorder()
        await withCheckedContinuation { done in
            Legacy.ParallelLoop.perform(iterations: 100, body: { recorder.log("iteration \($0)") }) {
                recorder.log("done")
                done.resume()
            }
        }
        #expect(recorder.lines.count == 101)
        #expect(recorder.lines.last == "done")
    }
}
