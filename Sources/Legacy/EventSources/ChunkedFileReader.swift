import Foundation

/// Reads a file in chunks with `DispatchIO`, which hands over `DispatchData`
/// buffers without copying them.
///
/// A stream channel opens the file itself and reads it on Dispatch's own
/// threads; `setLimit(highWater:)` caps each chunk. The handler runs on the
/// given queue, in file order, with `done` set on the last call only. Close
/// the channel once `done` arrives: its cleanup handler then closes the file.
public enum ChunkedFileReader {
    /// Reads the file at `path`; `onChunk` runs on `queue` for each chunk, and
    /// `completion` once, after the last, with 0 or an errno.
    public static func read(
        path: String, chunkSize: Int, queue: DispatchQueue,
        onChunk: @escaping (DispatchData) -> Void,
        completion: @escaping (Int32) -> Void
    ) {
        guard
            let channel = DispatchIO(
                type: .stream, path: path, oflag: O_RDONLY, mode: 0,
                queue: queue, cleanupHandler: { _ in })
        else { return completion(EINVAL) }
        channel.setLimit(highWater: chunkSize)
        channel.read(offset: 0, length: Int.max, queue: queue) {
            done, data, error in
            if let data, !data.isEmpty { onChunk(data) }
            if done {
                channel.close()
                completion(error)
            }
        }
    }
}

// MARK: - Slices, bytes and writing back

extension ChunkedFileReader {
    /// Writes `data` to a new file at `path`; `completion` runs once, on
    /// `queue`, with 0 or an errno.
    public static func write(
        _ data: DispatchData, toPath path: String, queue: DispatchQueue,
        completion: @escaping (Int32) -> Void
    ) {
        guard
            let channel = DispatchIO(
                type: .stream, path: path, oflag: O_WRONLY | O_CREAT | O_TRUNC,
                mode: 0o644, queue: queue, cleanupHandler: { _ in })
        else { return completion(EINVAL) }
        channel.write(offset: 0, data: data, queue: queue) { done, _, error in
            if done {
                channel.close()
                completion(error)
            }
        }
    }

    /// Copies the bytes out, region by region: `DispatchData` may be many
    /// buffers (`append` and `subdata(in:)` share them instead of copying).
    public static func bytes(of data: DispatchData) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count)
        data.enumerateBytes { buffer, _, _ in bytes += buffer }
        return bytes
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ChunkedFileReader {
    /// Reads the file, checks the chunks, a slice and a write round-trip, and
    /// returns how long the read took. Blocks the calling thread.
    public static func demo(
        path: String, chunkSize: Int, log: @escaping @Sendable (String) -> Void
    ) throws -> Duration {
        let queue = DispatchQueue(label: "io")
        let finished = DispatchSemaphore(value: 0)
        var whole = DispatchData.empty  // touched only on `queue`
        var completions = 0
        var failure: Int32 = 0
        let start = ContinuousClock.now
        read(
            path: path, chunkSize: chunkSize, queue: queue,
            onChunk: { whole.append($0) },
            completion: { error in
                completions += 1
                failure = error
                finished.signal()
            })
        finished.wait()
        let elapsed = ContinuousClock.now - start
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        queue.sync {
            log("read \(whole.count) bytes, error \(failure)")
            log("the chunks equal the file: \(bytes(of: whole) == file)")
            let slice = whole.subdata(in: 1000..<2000)
            log(
                "subdata(in: 1000..<2000) equals the slice: "
                    + "\(bytes(of: slice) == Array(file[1000..<2000]))")
        }
        let copy = path + ".copy"
        defer { unlink(copy) }
        write(whole, toPath: copy, queue: queue) { _ in finished.signal() }
        finished.wait()
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy)))
        log("the written copy equals the file: \(written == file)")
        queue.sync {
            log(
                completions == 1
                    ? "done arrived once" : "done arrived \(completions) times")
        }
        return elapsed
    }
}
