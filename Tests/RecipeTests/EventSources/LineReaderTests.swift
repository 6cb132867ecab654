import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LineReaderTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static let size = 300 * 1024

    /// Every line one side emits for the file at `url`, and how many completions came after the
    /// last line (legacy) or loop ends (modern).
    static func lines(_ side: Side, url: URL, chunkSize: Int = 4096) async throws -> [String] {
        switch side {
        case .legacy:
            let seen = Locked((lines: [String](), completions: 0, late: 0))
            await withCheckedContinuation { done in
                Legacy.LineReader(url: url, chunkSize: chunkSize).enumerateLines { line in
                    seen.withLock {
                        $0.lines.append(line)
                        if $0.completions > 0 { $0.late += 1 }
                    }
                } completion: { _ in
                    seen.withLock { $0.completions += 1 }
                    done.resume()
                }
            }
            let (lines, completions, late) = seen.withLock { $0 }
            #expect(completions == 1 && late == 0)
            return lines
        case .modern:
            var lines: [String] = []
            for try await line in Modern.LineReader(url: url, chunkSize: chunkSize) { lines.append(line) }
            return lines
        }
    }

    static func withFile<T>(_ bytes: [UInt8], _ body: (URL) async throws -> T) async throws -> T {
        let directory = try TemporaryDirectory(prefix: "lines")
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("lines.txt")
        try Data(bytes).write(to: url)
        return try await body(url)
    }

    @Test func theFixtureHasEveryAwkwardCase() {
        let bytes = LineFixture.bytes(size: Self.size)
        #expect(Array(bytes[4094..<4097]) == Array("€".utf8))  // split by the 4096 boundary
        #expect(bytes[4095] != 0x0A && bytes[8191] != 0x0A && bytes[8192] != 0x0A)  // lines straddle
        let lines = LineFixture.lines(of: bytes)
        #expect(lines.filter(\.isEmpty).count > 100)
        #expect(bytes.last != 0x0A)
        #expect(bytes.count > Self.size - 16 && bytes.count <= Self.size)
    }

    @Test(arguments: Side.allCases)
    func bothEmitTheFileLinesInOrderThenCompleteOnce(_ side: Side) async throws {
        try await LineFixture.withFile(size: Self.size) { url, bytes in
            let lines = try await Self.lines(side, url: url)
            #expect(lines == LineFixture.lines(of: bytes))
            #expect(lines.first?.hasSuffix("€") == true)
        }
    }

    @Test(arguments: Side.allCases)
    func theLastLineWithoutANewlineIsEmitted(_ side: Side) async throws {
        let lines = try await Self.withFile(Array("one\n\ntwo\nlast".utf8)) { url in
            try await Self.lines(side, url: url, chunkSize: 4)
        }
        #expect(lines == ["one", "", "two", "last"])
        let ending = try await Self.withFile(Array("one\n".utf8)) { url in
            try await Self.lines(side, url: url, chunkSize: 4)
        }
        #expect(ending == ["one"])
    }

    @Test(arguments: Side.allCases)
    func aCharacterSplitAcrossTinyChunksIsDecodedWhole(_ side: Side) async throws {
        let lines = try await Self.withFile(Array("😀€\nnaïve".utf8)) { url in
            try await Self.lines(side, url: url, chunkSize: 1)
        }
        #expect(lines == ["😀€", "naïve"])
    }

    /// A consumer cancelled after its first line gets `CancellationError` from its next `next()`,
    /// and reads no further line. An iterator that never checked went on to the end of the file.
    @Test func aCancelledConsumerStopsAfterTheLineItHas() async throws {
        let bytes = LineFixture.bytes(size: Self.size)
        let (read, failure) = try await Self.withFile(bytes) { url in
            await Task {
                var read = 0
                do {
                    for try await _ in Modern.LineReader(url: url, chunkSize: 4096) {
                        read += 1
                        if read == 1 { withUnsafeCurrentTask { $0?.cancel() } }
                    }
                    return (read, nil as (any Error)?)
                } catch {
                    return (read, error)
                }
            }.value
        }
        #expect(read == 1)
        #expect(failure is CancellationError)
        #expect(LineFixture.lines(of: bytes).count > 1000)
    }

    @Test func decodingChunksInsteadOfLinesCorruptsTheSplitCharacter() {
        let bytes = LineFixture.bytes(size: Self.size)
        let firstChunk = String(decoding: bytes[..<4096], as: UTF8.self)
        let secondChunk = String(decoding: bytes[4096..<8192], as: UTF8.self)
        #expect(firstChunk.hasSuffix("\u{FFFD}") && secondChunk.hasPrefix("\u{FFFD}"))
        #expect(LineFixture.lines(of: bytes)[0].hasSuffix("€"))
    }

    @Test func modernReaderReadsOnlyWhatTheConsumerAsksFor() async throws {
        try await LineFixture.withFile(size: Self.size) { url, bytes in
            var iterator = Modern.LineReader(url: url, chunkSize: 4096).makeAsyncIterator()
            let first = try await iterator.next()  // needs the first two chunks: 8 KB
            #expect(first == LineFixture.lines(of: bytes)[0])
            // Change the file past what has been read: a reader that read ahead would miss it.
            var changed = bytes
            changed.replaceSubrange(20_000..<20_010, with: Array("CHANGED!!\n".utf8))
            let file = try FileHandle(forWritingTo: url)
            try file.seek(toOffset: 20_000)
            try file.write(contentsOf: Array("CHANGED!!\n".utf8))
            try file.close()
            var rest: [String] = []
            while let line = try await iterator.next() { rest.append(line) }
            #expect(rest == Array(LineFixture.lines(of: changed).dropFirst()))
            #expect(rest.contains { $0.hasSuffix("CHANGED!!") })
        }
    }
}
