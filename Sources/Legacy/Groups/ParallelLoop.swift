import Dispatch

/// A loop whose iterations run in parallel: `DispatchQueue.concurrentPerform`,
/// the Swift spelling of `dispatch_apply`.
///
/// `concurrentPerform` runs the iterations on as many threads as there are
/// cores and returns when the last one has finished, so it blocks its caller:
/// the classic code wraps it in an `async` on a global queue, and so does this
/// file, reporting through a completion. The iterations may run in any order
/// and at the same time, so each must touch only its own data: here every row
/// of the image writes its checksum into its own slot of a buffer allocated up
/// front.
public enum ParallelLoop {
    /// Runs `body` once for each of `0..<iterations`, in parallel, off the
    /// caller's thread, then calls `completion` (on a global queue).
    public static func perform(
        iterations: Int,
        body: @escaping @Sendable (Int) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(
                iterations: iterations, execute: body)
            completion()
        }
    }
}

// MARK: - Row checksums: each iteration writes its own slot

extension ParallelLoop {
    /// The checksum of every row of a grayscale image, one `concurrentPerform`
    /// iteration per row.
    ///
    /// `pixels` holds the rows one after another, `width` bytes each.
    /// `completion` gets one checksum per row, in row order, on a global queue.
    public static func rowChecksums(
        pixels: [UInt8],
        width: Int,
        completion: @escaping @Sendable ([UInt64]) -> Void
    ) {
        DispatchQueue.global(qos: .userInitiated).async {
            let height = pixels.count / width
            let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(
                capacity: height)
            buffer.initialize(repeating: 0)
            defer { buffer.deallocate() }
            // The iterations run at the same time, and a buffer pointer is not
            // Sendable. Sound because iteration `y` writes slot `y` only, and
            // nobody reads the buffer until `concurrentPerform` has returned.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: height) { y in
                slots[y] = rowChecksum(row: y, pixels: pixels, width: width)
            }
            completion(Array(buffer))
        }
    }
}

// MARK: - The work for one row: a 5×5 blur

extension ParallelLoop {
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

// MARK: - Driver (the page's output; not part of the pattern)

extension ParallelLoop {
    /// The naive version: one block per iteration on a global queue, joined
    /// by a group; `completion` runs on a global queue after the last.
    public static func performOneBlockPerIteration(
        iterations: Int,
        body: @escaping @Sendable (Int) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        for iteration in 0..<iterations {
            DispatchQueue.global().async(group: group) { body(iteration) }
        }
        group.notify(queue: .global(), execute: completion)
    }

    /// The naive version: one block per row, each writing its own slot.
    public static func rowChecksumsOneBlockPerRow(
        pixels: [UInt8],
        width: Int,
        completion: @escaping @Sendable ([UInt64]) -> Void
    ) {
        let height = pixels.count / width
        let buffer = UnsafeMutableBufferPointer<UInt64>.allocate(
            capacity: height)
        buffer.initialize(repeating: 0)
        // As in `rowChecksums`: block `y` writes slot `y` only, and the
        // buffer is read (then freed) only once the group is done.
        nonisolated(unsafe) let slots = buffer
        let group = DispatchGroup()
        for y in 0..<height {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                slots[y] = rowChecksum(row: y, pixels: pixels, width: width)
            }
        }
        group.notify(queue: .global(qos: .userInitiated)) {
            let checksums = Array(slots)
            slots.deallocate()
            completion(checksums)
        }
    }

    /// The same checksums from a plain loop on the caller's thread: the
    /// reference result.
    public static func sequentialRowChecksums(
        pixels: [UInt8], width: Int
    ) -> [UInt64] {
        let height = pixels.count / width
        var checksums: [UInt64] = []
        checksums.reserveCapacity(height)
        for y in 0..<height {
            checksums.append(rowChecksum(row: y, pixels: pixels, width: width))
        }
        return checksums
    }
}
