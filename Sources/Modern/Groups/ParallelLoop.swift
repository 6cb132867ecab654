import Foundation
import Synchronization

/// A loop whose iterations run in parallel: a task group with several
/// children per core, each running one chunk of iterations.
///
/// A child task is cheap but not free (about a microsecond to create,
/// schedule and collect), so one child per iteration costs more than a small
/// iteration's work, and the iterations go in chunks. One chunk per core is
/// too few: when iterations take different times (an expensive row, a core
/// taken by another process), the core with the slowest chunk ends up working
/// alone. With eight chunks per core, the pool's threads take the children one
/// after another, so a core that is done early takes another chunk. Children
/// return their results instead of writing into shared memory, so no buffer,
/// lock or `nonisolated(unsafe)` is needed.
public nonisolated enum ParallelLoop {
    /// How many cores there are. Read once, because on Linux
    /// `activeProcessorCount` reads cgroup files on every call, which costs
    /// about 20 µs.
    public static let coreCount = ProcessInfo.processInfo.activeProcessorCount

    /// How many chunks to cut a loop into by default: eight per core, enough
    /// to even out iterations of different lengths, few enough that the
    /// children cost little next to the work.
    public static let chunkCount = 8 * coreCount

    /// Runs `body` once for each of `0..<iterations`, in `chunks` child tasks,
    /// and returns when all have run.
    @concurrent
    public static func perform(
        iterations: Int,
        chunks: Int = ParallelLoop.chunkCount,
        body: @escaping @Sendable (Int) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for range in chunkRanges(count: iterations, chunks: chunks) {
                group.addTask {
                    for iteration in range { body(iteration) }
                }
            }
        }
    }

    /// `0..<count` cut into at most `chunks` contiguous ranges whose lengths
    /// differ by at most one.
    static func chunkRanges(count: Int, chunks: Int) -> [Range<Int>] {
        let chunks = max(1, min(chunks, count))
        let (base, extra) = count.quotientAndRemainder(dividingBy: chunks)
        var start = 0
        return (0..<chunks).map { index in
            let end = start + base + (index < extra ? 1 : 0)
            defer { start = end }
            return start..<end
        }
    }
}

// MARK: - Row checksums: the children return theirs

nonisolated extension ParallelLoop {
    /// The checksum of every row of a grayscale image, in row order; one child
    /// per chunk of rows, eight chunks per core.
    ///
    /// `pixels` holds the rows one after another, `width` bytes each.
    @concurrent
    public static func rowChecksums(
        pixels: [UInt8],
        width: Int,
        chunks: Int = ParallelLoop.chunkCount
    ) async -> [UInt64] {
        let height = pixels.count / width
        return await withTaskGroup(
            of: (rows: Range<Int>, checksums: [UInt64]).self
        ) { group in
            for rows in chunkRanges(count: height, chunks: chunks) {
                group.addTask {
                    let checksums = rows.map {
                        rowChecksum(row: $0, pixels: pixels, width: width)
                    }
                    return (rows, checksums)
                }
            }
            var checksums = [UInt64](repeating: 0, count: height)
            for await part in group {
                checksums.replaceSubrange(part.rows, with: part.checksums)
            }
            return checksums
        }
    }
}

// MARK: - The work for one row: a 5×5 blur (unchanged)

nonisolated extension ParallelLoop {
    /// The work for one row: each pixel blurred with a 5×5 Gaussian (binomial
    /// weights 1 4 6 4 1, edges clamped), and the blurred values summed, each
    /// weighted by its column so that a pixel in the wrong place changes the
    /// checksum.
    static func rowChecksum(row y: Int, pixels: [UInt8], width: Int) -> UInt64 {
        let height = pixels.count / width
        let row0 = max(y - 2, 0) * width, row1 = max(y - 1, 0) * width
        let row2 = y * width, row3 = min(y + 1, height - 1) * width
        let row4 = min(y + 2, height - 1) * width
        var checksum: UInt64 = 0
        for x in 0..<width {
            let x0 = max(x - 2, 0), x1 = max(x - 1, 0)
            let x3 = min(x + 1, width - 1), x4 = min(x + 2, width - 1)
            func horizontal(_ row: Int) -> Int {
                Int(pixels[row + x0]) + 4 * Int(pixels[row + x1])
                    + 6 * Int(pixels[row + x])
                    + 4 * Int(pixels[row + x3]) + Int(pixels[row + x4])
            }
            let weighted =
                horizontal(row0) + 4 * horizontal(row1) + 6 * horizontal(row2)
                + 4 * horizontal(row3) + horizontal(row4)
            let blurred = (weighted + 128) >> 8  // the weights add up to 256
            checksum += UInt64(blurred) * UInt64(x + 1)
        }
        return checksum
    }
}

// MARK: - Or one child per core, taking indices from one counter

nonisolated extension ParallelLoop {
    /// Runs `body` once for each of `0..<iterations` in one child per core;
    /// each child takes the next index from one shared counter until none is
    /// left.
    ///
    /// This is how `dispatch_apply` hands out its indices, so the load is
    /// balanced down to the last iteration, with no chunk size to choose.
    /// `Atomic` needs iOS 18 / macOS 15; the chunked `perform` does as well on
    /// the loops here.
    @concurrent
    public static func performTakingIndices(
        iterations: Int,
        body: @escaping @Sendable (Int) -> Void
    ) async {
        let next = NextIndex()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<min(coreCount, iterations) {
                group.addTask {
                    while true {
                        let iteration = next.take()
                        guard iteration < iterations else { return }
                        body(iteration)
                    }
                }
            }
        }
    }

    /// The counter the children share: each `take()` returns a new index.
    final class NextIndex: Sendable {
        private let value = Atomic(0)

        func take() -> Int {
            value.wrappingAdd(1, ordering: .relaxed).oldValue
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ParallelLoop {
    /// The naive version: one child task per iteration.
    @concurrent
    public static func performOneChildPerIteration(
        iterations: Int,
        body: @escaping @Sendable (Int) -> Void
    ) async {
        await withDiscardingTaskGroup { group in
            for iteration in 0..<iterations {
                group.addTask { body(iteration) }
            }
        }
    }

    /// The naive version: one child task per row.
    @concurrent
    public static func rowChecksumsOneChildPerRow(
        pixels: [UInt8], width: Int
    ) async -> [UInt64] {
        let height = pixels.count / width
        return await withTaskGroup(
            of: (row: Int, checksum: UInt64).self
        ) { group in
            for y in 0..<height {
                group.addTask {
                    (y, rowChecksum(row: y, pixels: pixels, width: width))
                }
            }
            var checksums = [UInt64](repeating: 0, count: height)
            for await (row, checksum) in group {
                checksums[row] = checksum
            }
            return checksums
        }
    }

    /// The same checksums from a plain loop on the caller's thread: the
    /// reference result.
    public static func sequentialRowChecksums(
        pixels: [UInt8], width: Int
    ) -> [UInt64] {
        let height = pixels.count / width
        return (0..<height).map {
            rowChecksum(row: $0, pixels: pixels, width: width)
        }
    }
}
