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

@Suite struct ParallelLoopTests {
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
