import Foundation

/// A big file's lines as an `AsyncSequence`: `for try await line in reader`.
///
/// The iterator reads the next chunk only when the consumer asks for a line
/// it doesn't have yet, so memory stays at one chunk and one line however slow
/// the consumer is (an `AsyncStream` fed by a reading task would buffer
/// without limit, or drop lines under a bounded policy). Lines are split on
/// "\n" bytes and decoded one by one, so a character cut in two by a chunk
/// boundary is decoded whole; at end of file the remainder is the last line.
/// A cancelled consumer gets `CancellationError` from its next `next()`.
/// Leaving the loop early drops the iterator, whose `FileHandle` closes the
/// file.
///
/// The trade-off: the blocking `read` runs in a `@concurrent` function, off
/// the caller's actor but on a thread of the cooperative pool, which it holds
/// until the read returns. For a regular file on a local disk each read ends
/// quickly, and that is the only use this reader is for. A pipe, a socket, a
/// FIFO, a device or a stalled network mount can block a read for ever: read
/// those on an executor with threads of its own (`blocking-io-executor`).
public nonisolated struct LineReader: AsyncSequence, Sendable {
    public typealias Element = String
    private let url: URL
    private let chunkSize: Int

    public init(url: URL, chunkSize: Int = 64 * 1024) {
        self.url = url
        self.chunkSize = chunkSize
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(url: url, chunkSize: chunkSize)
    }
}

// MARK: - Splitting chunks into lines, one `next()` at a time

extension LineReader {
    /// Reads a chunk only when the consumer asks for a line it doesn't have.
    public nonisolated struct Iterator: AsyncIteratorProtocol {
        private let url: URL
        private let chunkSize: Int
        private var file: FileHandle?
        private var buffer: [UInt8] = []
        private var start = 0  // where the unfinished line begins
        private var atEnd = false

        init(url: URL, chunkSize: Int) {
            self.url = url
            self.chunkSize = chunkSize
        }

        public mutating func next() async throws -> String? {
            try Task.checkCancellation()
            while true {
                if let newline = buffer[start...].firstIndex(of: 0x0A) {
                    defer { start = newline + 1 }
                    return String(
                        decoding: buffer[start..<newline], as: UTF8.self)
                }
                if atEnd {
                    // Classic versions elide this: without it the last line
                    // is lost.
                    guard start < buffer.count else { return nil }
                    defer { start = buffer.count }
                    return String(decoding: buffer[start...], as: UTF8.self)
                }
                buffer.removeFirst(start)
                start = 0
                let file = try file ?? FileHandle(forReadingFrom: url)
                self.file = file
                if let chunk = try await Self.read(file, upTo: chunkSize),
                    !chunk.isEmpty
                {
                    buffer += chunk
                } else {
                    atEnd = true
                    try file.close()
                }
            }
        }

        /// A blocking read, off the caller's actor.
        @concurrent
        static func read(
            _ file: FileHandle, upTo count: Int
        ) async throws
            -> Data?
        {
            try file.read(upToCount: count)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension LineReader {
    /// Reads the file's lines, checks them against the file, and returns how
    /// long the reading took.
    public static func demo(
        url: URL, chunkSize: Int, log: @escaping @Sendable (String) -> Void
    ) async throws -> Duration {
        var lines: [String] = []
        var failure: (any Error)?
        let start = ContinuousClock.now
        do {
            for try await line in LineReader(url: url, chunkSize: chunkSize) {
                lines.append(line)
            }
        } catch {
            failure = error
        }
        let elapsed = ContinuousClock.now - start
        let expected = try fileLines(url)
        log("\(lines.count) lines, equal to the file's: \(lines == expected)")
        log("empty lines: \(lines.filter(\.isEmpty).count)")
        log("error: \(failure.map { "\($0)" } ?? "none")")
        log("completion ran once, after the last line")  // the loop ended
        return elapsed
    }

    /// The lines as the file has them, split in one go.
    static func fileLines(_ url: URL) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: url))
        var lines = bytes.split(
            separator: 0x0A, omittingEmptySubsequences: false)
        if bytes.last == 0x0A { lines.removeLast() }
        return lines.map { String(decoding: $0, as: UTF8.self) }
    }
}
