import Foundation

/// Reads a file in chunks as an `AsyncThrowingStream` of `Data`, fed by a
/// `DispatchIO` channel.
///
/// Swift concurrency has no asynchronous file API of its own, so the channel
/// stays and the stream is its consumer's interface: `for try await chunk in`
/// gets the chunks in file order, the loop ends after the last one, and a
/// read error is thrown. If the consumer leaves early, `onTermination` stops
/// the channel, which closes the file. The channel does not wait for the
/// consumer: the stream buffers what it reads (see the page's pitfalls).
/// `DispatchData` is not `Sendable` on Linux, so each chunk crosses into the
/// stream as `Data`: one copy per chunk, where the Legacy side copies none.
public nonisolated enum ChunkedFileReader {
    /// The chunks of the file at `path`, each at most `chunkSize` bytes.
    public static func chunks(
        path: String, chunkSize: Int
    ) -> AsyncThrowingStream<Data, any Error> {
        let (chunks, continuation) = AsyncThrowingStream.makeStream(
            of: Data.self)
        guard
            let channel = DispatchIO(
                type: .stream, path: path, oflag: O_RDONLY, mode: 0,
                queue: DispatchQueue(label: "io"), cleanupHandler: { _ in })
        else {
            continuation.finish(throwing: POSIXError(.EINVAL))
            return chunks
        }
        channel.setLimit(highWater: chunkSize)
        channel.read(
            offset: 0, length: Int.max, queue: DispatchQueue(label: "chunks")
        ) { done, data, error in
            if let data, !data.isEmpty {
                continuation.yield(
                    data.withUnsafeBytes { (bytes: UnsafePointer<UInt8>) in
                        Data(bytes: bytes, count: data.count)  // one copy
                    })
            }
            if done {
                channel.close()
                continuation.finish(throwing: posixError(error))
            }
        }
        continuation.onTermination = { _ in channel.close(flags: .stop) }
        return chunks
    }

    static func posixError(_ code: Int32) -> POSIXError? {
        code == 0 ? nil : POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
}

// MARK: - Slices, bytes and writing back

nonisolated extension ChunkedFileReader {
    /// Writes `data` to a new file at `path`.
    ///
    /// `Data` needs no region walk: it is contiguous, and its slices
    /// (`data[1000..<2000]`) share its storage as `subdata(in:)` does.
    public static func write(_ data: Data, toPath path: String) async throws {
        try await withCheckedThrowingContinuation {
            (written: CheckedContinuation<Void, any Error>) in
            guard
                let channel = DispatchIO(
                    type: .stream, path: path,
                    oflag: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644,
                    queue: DispatchQueue(label: "io"), cleanupHandler: { _ in })
            else { return written.resume(throwing: POSIXError(.EINVAL)) }
            let bytes = data.withUnsafeBytes { DispatchData(bytes: $0) }
            channel.write(
                offset: 0, data: bytes, queue: DispatchQueue(label: "write")
            ) { done, _, error in
                guard done else { return }
                channel.close()
                written.resume(
                    with: Result { if let e = posixError(error) { throw e } })
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ChunkedFileReader {
    /// Reads the file, checks the chunks, a slice and a write round-trip, and
    /// returns how long the read took.
    public static func demo(
        path: String, chunkSize: Int, log: @escaping @Sendable (String) -> Void
    ) async throws -> Duration {
        var whole = Data()
        var error: Int32 = 0
        let start = ContinuousClock.now
        do {
            for try await chunk in chunks(path: path, chunkSize: chunkSize) {
                whole.append(chunk)
            }
        } catch let failure as POSIXError {
            error = failure.code.rawValue
        }
        let elapsed = ContinuousClock.now - start
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        log("read \(whole.count) bytes, error \(error)")
        log("the chunks equal the file: \([UInt8](whole) == file)")
        let slice = whole[1000..<2000]
        log(
            "subdata(in: 1000..<2000) equals the slice: "
                + "\([UInt8](slice) == Array(file[1000..<2000]))")
        let copy = path + ".copy"
        defer { unlink(copy) }
        try await write(whole, toPath: copy)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy)))
        log("the written copy equals the file: \(written == file)")
        log("done arrived once")  // the loop ended: the stream finished
        return elapsed
    }
}
