import Dispatch
import Foundation

/// A byte buffer that a blocking `read(max:)` pulls from while a producer
/// pushes.
///
/// A C library (a decoder, a parser) calls back synchronously for more bytes,
/// but the bytes arrive asynchronously. The reader's thread waits on an
/// `NSCondition` until the producer has appended something or ended the
/// stream. The buffer has no bound: a producer faster than the reader never
/// waits, and the buffer grows.
public final class PullBridge: @unchecked Sendable {  // guarded by `condition`
    /// How the stream failed, as the reader sees it.
    public enum ReadError: Error, Equatable {
        case failed(String)
    }

    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var isFinished = false
    private var failure: String?

    public init() {}
}

// MARK: - Producing

extension PullBridge {
    /// Appends bytes and wakes the reader; never waits.
    public func write(_ bytes: [UInt8]) {
        condition.lock()
        buffer += bytes
        condition.signal()
        condition.unlock()
    }

    /// Ends the stream: the reader gets what is buffered, then end-of-stream
    /// (or the error).
    public func finish(failure: String? = nil) {
        condition.lock()
        isFinished = true
        self.failure = failure
        condition.broadcast()
        condition.unlock()
    }
}

// MARK: - Reading

extension PullBridge {
    /// Blocks until bytes are buffered or the stream ended; `[]` means
    /// end-of-stream.
    public func read(max: Int) throws -> [UInt8] {
        condition.lock()
        defer { condition.unlock() }
        while buffer.isEmpty && !isFinished { condition.wait() }
        if !buffer.isEmpty {
            let count = min(max, buffer.count)
            defer { buffer.removeFirst(count) }
            return Array(buffer.prefix(count))
        }
        if let failure { throw ReadError.failed(failure) }
        return []
    }

    /// Bytes written and not read yet.
    public var buffered: Int {
        condition.lock()
        defer { condition.unlock() }
        return buffer.count
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PullBridge {
    /// What the reader saw.
    public struct Summary: Sendable, Equatable {
        public var bytes = 0
        public var digest: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        public var endOfStreams = 0
        public var error: String?
    }

    /// Feeds `chunks` from a global queue (failing after `failAfter` chunks,
    /// if given) and reads them on the calling thread in `readSize` reads.
    public static func run(
        chunks: [[UInt8]], readSize: Int, failAfter: Int? = nil,
        log: @escaping @Sendable (String) -> Void
    ) -> Summary {
        let bridge = PullBridge()
        DispatchQueue.global().async {
            for (index, chunk) in chunks.enumerated() {
                if index == failAfter {
                    return bridge.finish(failure: "producer failed")
                }
                bridge.write(chunk)
            }
            bridge.finish()
        }
        let summary = readAll(bridge, readSize: readSize)
        log(summary.line)
        return summary
    }

    /// Two producers write at once: legacy writes never wait, so both go
    /// through and the buffer takes their bytes in whichever order they came.
    public static func twoProducers(log: @escaping @Sendable (String) -> Void) {
        let bridge = PullBridge()
        log("two producers write to one bridge at once")
        let producers = DispatchGroup()
        for bytes in [[UInt8](repeating: 1, count: 4), [2]] {
            DispatchQueue.global().async(group: producers) {
                bridge.write(bytes)
            }
        }
        producers.wait()
        log("both writes returned: \(bridge.buffered) bytes buffered")
    }

    static func readAll(_ bridge: PullBridge, readSize: Int) -> Summary {
        var summary = Summary()
        do {
            while true {
                let bytes = try bridge.read(max: readSize)
                if bytes.isEmpty { summary.endOfStreams += 1; break }
                summary.add(bytes)
            }
        } catch ReadError.failed(let message) {
            summary.error = message
        } catch {
            summary.error = "\(error)"
        }
        return summary
    }
}

extension PullBridge.Summary {
    mutating func add(_ bytes: [UInt8]) {
        self.bytes += bytes.count
        for byte in bytes {
            digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }

    /// The page's line.
    public var line: String {
        let hex = String(digest, radix: 16)
        if let error { return "read \(bytes) bytes, then error: \(error)" }
        return "read \(bytes) bytes, digest \(hex), end of stream seen"
            + " \(endOfStreams) time(s)"
    }
}
