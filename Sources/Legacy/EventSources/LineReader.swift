import Foundation

/// Emits a big file's lines in order: a worker thread reads 4 KB chunks, and a
/// serial operation queue splits them into lines.
///
/// The classic `NSInputStream` delegate never hears from a stream on Linux, so
/// the worker thread polls `read(_:maxLength:)` instead. Each chunk becomes an
/// operation on a queue with `maxConcurrentOperationCount = 1`: the serial
/// queue keeps the chunks in order and owns the remainder (the unfinished
/// line). Lines are split on "\n" bytes and decoded one by one, so a character
/// cut in two by a chunk boundary is decoded whole. At end of file the
/// remainder, if any, is the last line.
public final class LineReader: @unchecked Sendable {
    // @unchecked Sendable: `remainder` is touched only by the operations of
    // `queue`, which runs one at a time.
    private let url: URL
    private let chunkSize: Int
    private let queue = OperationQueue()
    private var remainder: [UInt8] = []

    public init(url: URL, chunkSize: Int = 4096) {
        self.url = url
        self.chunkSize = chunkSize
        queue.maxConcurrentOperationCount = 1
    }

    /// Calls `onLine` for each line, in order, then `completion` once with
    /// the stream's error, if any; both on the reader's queue.
    public func enumerateLines(
        _ onLine: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        Thread { [self] in
            var failure: (any Error)? = CocoaError(.fileReadNoSuchFile)
            if let stream = InputStream(url: url) {
                stream.open()
                var buffer = [UInt8](repeating: 0, count: chunkSize)
                var count = stream.read(&buffer, maxLength: chunkSize)
                while count > 0 {  // 0: end of file; -1: an error
                    let chunk = Array(buffer[..<count])
                    queue.addOperation { self.process(chunk, onLine) }
                    count = stream.read(&buffer, maxLength: chunkSize)
                }
                // (`streamError` traps on Linux: not implemented there.)
                failure = count < 0 ? CocoaError(.fileReadUnknown) : nil
                stream.close()
            }
            queue.addOperation { [failure] in  // the thread's last act
                self.finish(onLine)
                completion(failure)
            }
        }.start()
    }
}

// MARK: - Splitting chunks into lines, one operation at a time

extension LineReader {
    private func process(_ chunk: [UInt8], _ onLine: (String) -> Void) {
        remainder += chunk
        var start = 0
        while let newline = remainder[start...].firstIndex(of: 0x0A) {
            onLine(String(decoding: remainder[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        remainder.removeFirst(start)
    }

    private func finish(_ onLine: (String) -> Void) {
        // Classic versions elide this: without it the last line is lost.
        if !remainder.isEmpty {
            onLine(String(decoding: remainder, as: UTF8.self))
            remainder = []
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension LineReader {
    /// Reads the file's lines, checks them against the file, and returns how
    /// long the reading took. Blocks the calling thread.
    public static func demo(
        url: URL, chunkSize: Int, log: @escaping @Sendable (String) -> Void
    ) throws -> Duration {
        let collected = Collected()
        let finished = DispatchSemaphore(value: 0)
        let start = ContinuousClock.now
        LineReader(url: url, chunkSize: chunkSize).enumerateLines { line in
            collected.lines.append(line)
            if collected.completions > 0 { collected.lateLines += 1 }
        } completion: { error in
            collected.completions += 1
            collected.error = error
            finished.signal()
        }
        finished.wait()
        let elapsed = ContinuousClock.now - start
        let expected = try fileLines(url)
        log(
            "\(collected.lines.count) lines, equal to the file's: "
                + "\(collected.lines == expected)")
        log("empty lines: \(collected.lines.filter(\.isEmpty).count)")
        log("error: \(collected.error.map { "\($0)" } ?? "none")")
        log(
            collected.completions == 1 && collected.lateLines == 0
                ? "completion ran once, after the last line"
                : "completion ran \(collected.completions) times")
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

    /// What the demo's callbacks saw; touched only on the reader's queue
    /// until the completion has signalled.
    final class Collected: @unchecked Sendable {
        var lines: [String] = []
        var completions = 0
        var lateLines = 0
        var error: (any Error)?
    }
}
