import Foundation

/// A seeded text file for the I/O recipes: the awkward cases of chunked reading, at known offsets.
///
/// The content is the same for a given size, chunk size and seed. The first line fills the first
/// chunk but for two bytes and ends with "€" (three UTF-8 bytes), so that character is split
/// across the first chunk boundary; an empty line follows; then seeded lines of ASCII words,
/// accented words and emoji (some empty, most of them straddling later boundaries), and the
/// last line has no final newline.
public enum LineFixture {
    /// The file's bytes: `size` bytes, or a few less (the cut falls between characters and the
    /// last line's newline is dropped).
    public static func bytes(size: Int, chunkSize: Int = 4096, seed: UInt64 = SplitMix64.defaultSeed) -> [UInt8] {
        precondition(chunkSize >= 8 && size > chunkSize + 8)
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: chunkSize - 2)
        bytes += Array("€\n\n".utf8)
        let words = ["alpha", "beta", "γάμμα", "delta", "€uro", "😀", "naïve", "z", "queue", "你好"]
        var generator = SplitMix64(seed: seed)
        while bytes.count < size {
            let count = Int.random(in: 0...12, using: &generator)  // 0: an empty line
            var line = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            line += "\n"
            bytes += line.utf8
        }
        // Cut at a character boundary at or before `size`, then make sure the file does not end
        // with a newline.
        var end = size
        while end > 0 && end < bytes.count && (bytes[end] & 0b1100_0000) == 0b1000_0000 { end -= 1 }
        bytes.removeSubrange(end...)
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return bytes
    }

    /// The file's lines as a reader must emit them: split on "\n", no final empty line.
    public static func lines(of bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if bytes.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }

    /// Writes the fixture into a fresh temporary directory, runs `body` with its URL and removes
    /// the directory, whatever `body` does.
    public static func withFile<T>(
        size: Int, chunkSize: Int = 4096, seed: UInt64 = SplitMix64.defaultSeed,
        _ body: (URL, [UInt8]) async throws -> T
    ) async throws -> T {
        let directory = try TemporaryDirectory(prefix: "line-fixture")
        defer { directory.remove() }
        let content = bytes(size: size, chunkSize: chunkSize, seed: seed)
        let url = directory.url.appendingPathComponent("fixture.txt")
        try Data(content).write(to: url)
        return try await body(url, content)
    }
}
