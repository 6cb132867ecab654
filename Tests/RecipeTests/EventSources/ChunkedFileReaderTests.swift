import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ChunkedFileReaderTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let size = 300 * 1024
    static let chunkSize = 64 * 1024

    @Test(arguments: Side.allCases)
    func bothReadChunksThatConcatenateToTheFileAndWriteItBack(_ side: Side) async throws {
        let recorder = Recorder()
        let count = try await LineFixture.withFile(size: Self.size, chunkSize: Self.chunkSize) { url, bytes in
            switch side {
            case .legacy:
                _ = try await onOwnThread {
                    try Legacy.ChunkedFileReader.demo(path: url.path, chunkSize: Self.chunkSize, log: recorder.logger)
                }
            case .modern:
                _ = try await Modern.ChunkedFileReader.demo(
                    path: url.path, chunkSize: Self.chunkSize, log: recorder.logger)
            }
            #expect(!FileManager.default.fileExists(atPath: url.path + ".copy"))
            return bytes.count
        }
        #expect(
            recorder.lines == [
                "read \(count) bytes, error 0",
                "the chunks equal the file: true",
                "subdata(in: 1000..<2000) equals the slice: true",
                "the written copy equals the file: true",
                "done arrived once",
            ])
    }

    @Test func theFixtureIsRemovedAfterwards() async throws {
        let url = try await LineFixture.withFile(size: Self.size) { url, _ in url }
        #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
    }

    @Test(arguments: Side.allCases)
    func noChunkIsLargerThanTheHighWaterMark(_ side: Side) async throws {
        let sizes = try await LineFixture.withFile(size: Self.size, chunkSize: 4096) { url, _ in
            try await Self.chunkSizes(side, path: url.path, chunkSize: 4096)
        }
        #expect(sizes.reduce(0, +) > Self.size - 16)
        #expect(sizes.allSatisfy { $0 > 0 && $0 <= 4096 })
        #expect(sizes.count >= Self.size / 4096)
    }

    @Test(arguments: Side.allCases)
    func aMissingFileEndsWithENOENT(_ side: Side) async throws {
        let path = "/nonexistent-\(UUID().uuidString)"
        switch side {
        case .legacy:
            let error = await withCheckedContinuation { done in
                Legacy.ChunkedFileReader.read(
                    path: path, chunkSize: 4096, queue: DispatchQueue(label: "missing"),
                    onChunk: { _ in }, completion: { done.resume(returning: $0) })
            }
            #expect(error == ENOENT)
        case .modern:
            await #expect(throws: POSIXError(.ENOENT)) {
                for try await _ in Modern.ChunkedFileReader.chunks(path: path, chunkSize: 4096) {}
            }
        }
    }

    /// The page's claim: a consumer that leaves the loop early stops the read, and the channel
    /// closes the file. A FIFO the test holds open for writing never reaches end of file, so
    /// without the stop the channel would keep its descriptor forever.
    @Test func aConsumerThatLeavesEarlyStopsTheReadAndClosesTheFile() async throws {
        let directory = try TemporaryDirectory(prefix: "early-exit")
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("fifo").path
        try #require(mkfifo(path, 0o600) == 0)
        let writer = open(path, O_RDWR)  // both ends: opening to read won't block
        try #require(writer >= 0)
        defer { close(writer) }
        #expect(Self.descriptors(to: path) == 1)
        // A full chunk: the channel hands over a chunk once it reaches the high-water mark.
        let bytes = [UInt8](repeating: 42, count: 64)
        #expect(write(writer, bytes, bytes.count) == bytes.count)

        let first = try await Self.firstChunk(path: path)
        #expect(first == Data(bytes))

        // The channel's descriptor is closed on a dispatch queue: wait for it, up to 5 s.
        var open = Self.descriptors(to: path)
        for _ in 0..<500 where open > 1 {
            try await Task.sleep(for: .milliseconds(10))
            open = Self.descriptors(to: path)
        }
        #expect(open == 1, "the channel still holds the FIFO open")
    }

    /// The first chunk, then the loop (and with it the stream) is left.
    static func firstChunk(path: String) async throws -> Data? {
        for try await chunk in Modern.ChunkedFileReader.chunks(path: path, chunkSize: 64) {
            return chunk
        }
        return nil
    }

    /// How many of this process's descriptors are open on `path`.
    static func descriptors(to path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.count { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) == path
        }
    }

    static func chunkSizes(_ side: Side, path: String, chunkSize: Int) async throws -> [Int] {
        switch side {
        case .legacy:
            let sizes = Locked<[Int]>([])
            await withCheckedContinuation { done in
                Legacy.ChunkedFileReader.read(
                    path: path, chunkSize: chunkSize, queue: DispatchQueue(label: "sizes"),
                    onChunk: { chunk in sizes.withLock { $0.append(chunk.count) } },
                    completion: { _ in done.resume() })
            }
            return sizes.withLock { $0 }
        case .modern:
            var sizes: [Int] = []
            for try await chunk in Modern.ChunkedFileReader.chunks(path: path, chunkSize: chunkSize) {
                sizes.append(chunk.count)
            }
            return sizes
        }
    }
}
