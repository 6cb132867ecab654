import Dispatch
import Foundation
import Synchronization

/// A bounded byte buffer: the async producer suspends while it is full, the
/// synchronous reader blocks, but only on a thread of its own.
///
/// The C library's pull callback is synchronous, so something must block; it
/// must not be a cooperative thread (one per core, shared by every task:
/// `blocking-the-pool`). `readOnThread` gives the reader a dedicated
/// `Thread`; the producer is async and never blocks: when `capacity` bytes
/// are waiting, `write` suspends until the reader takes some (back-pressure,
/// nothing is dropped). Cancelling a suspended producer resumes it with
/// `CancellationError`, and `feed` then fails the stream, so the blocked
/// reader wakes with an error instead of waiting forever. A reader that stops
/// early calls `close()`, and the producer's writes throw `ReaderClosed`.
/// One producer at a time: a second concurrent `write` traps.
public nonisolated final class PullBridge: Sendable {
    /// How the stream failed, as the reader sees it.
    public enum ReadError: Error, Equatable {
        case failed(String)
    }

    /// What `write` throws once the reader has closed the bridge.
    public struct ReaderClosed: Error, Equatable {}

    private struct State {
        var buffer: [UInt8] = []
        var isFinished = false
        var isClosed = false
        var failure: String?
        var isWriting = false
        var spaceWaiter: CheckedContinuation<Void, any Error>?  // one producer
    }

    private let state = Mutex(State())
    // Waited on only by the reader's own thread, never by a task.
    private let dataReady = DispatchSemaphore(value: 0)
    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0, "a write could never make progress")
        self.capacity = capacity
    }

    /// Bytes written and not read yet.
    public var buffered: Int { state.withLock { $0.buffer.count } }

    /// Whether the producer is suspended, waiting for space.
    public var isProducerWaiting: Bool {
        state.withLock { $0.spaceWaiter != nil }
    }
}

// MARK: - Producing

nonisolated extension PullBridge {
    /// Appends `bytes`, suspending whenever the buffer is full. Throws
    /// `CancellationError`, or `ReaderClosed` once the reader has closed.
    /// Traps if another `write` is still running: one producer at a time.
    public func write(_ bytes: [UInt8]) async throws {
        state.withLock { state in
            precondition(!state.isWriting, "PullBridge: one producer at a time")
            state.isWriting = true
        }
        defer { state.withLock { $0.isWriting = false } }
        var rest = bytes[...]
        while !rest.isEmpty {
            try Task.checkCancellation()
            let taken = try state.withLock { state in
                if state.isClosed { throw ReaderClosed() }
                let count = min(rest.count, capacity - state.buffer.count)
                state.buffer += rest.prefix(count)
                return count
            }
            rest = rest.dropFirst(taken)
            if taken > 0 { dataReady.signal() }
            if !rest.isEmpty { try await waitForSpace() }
        }
    }

    private func waitForSpace() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let now: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.isClosed { return .failure(ReaderClosed()) }
                    if state.buffer.count < capacity { return .success(()) }
                    state.spaceWaiter = continuation
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.spaceWaiter = nil }
                return state.spaceWaiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Ends the stream, with `failure` if given; the reader gets what is
    /// buffered first.
    public func finish(failure: String? = nil) {
        state.withLock { state in
            guard !state.isFinished else { return }
            state.isFinished = true
            state.failure = failure
        }
        dataReady.signal()
    }

    /// Runs `produce` and ends the stream however it ends: finished,
    /// failed, or cancelled.
    public func feed(
        _ produce: (PullBridge) async throws -> Void
    ) async {
        do {
            try await produce(self)
            finish()
        } catch is CancellationError {
            finish(failure: "cancelled")
        } catch {
            finish(failure: "\(error)")
        }
    }
}

// MARK: - Reading

nonisolated extension PullBridge {
    /// Blocks until bytes are buffered or the stream ended; `[]` means
    /// end-of-stream. Call it only on the thread `readOnThread` starts.
    public func read(max: Int) throws -> [UInt8] {
        while true {
            let (bytes, waiter, failure, ended) = state.withLock { state in
                let count = min(max, state.buffer.count)
                let bytes = Array(state.buffer.prefix(count))
                state.buffer.removeFirst(count)
                let waiter = count > 0 ? state.spaceWaiter : nil
                if count > 0 { state.spaceWaiter = nil }
                // After the reader's own `close()`, reads end quietly.
                let failure = state.isClosed ? nil : state.failure
                let ended = state.isFinished || state.isClosed
                return (bytes, waiter, failure, ended)
            }
            waiter?.resume()  // space was made: the producer continues
            if !bytes.isEmpty { return bytes }
            if let failure { throw ReadError.failed(failure) }
            if ended { dataReady.signal(); return [] }  // wake later reads
            dataReady.wait()  // extra signals only cause a re-check
        }
    }

    /// The reader stops early: what is buffered is dropped, a producer
    /// waiting for space throws `ReaderClosed`, and so do its later writes.
    /// Call it from the reader's thread when it won't read to the end.
    public func close() {
        let waiter = state.withLock { state in
            state.isClosed = true
            state.buffer = []
            defer { state.spaceWaiter = nil }
            return state.spaceWaiter
        }
        waiter?.resume(throwing: ReaderClosed())
    }

    /// Runs the synchronous `reader` on a new `Thread` and suspends until it
    /// returns; resuming is the thread's last act.
    public func readOnThread<T: Sendable>(
        name: String = "pull-reader",
        _ reader: @escaping @Sendable (PullBridge) -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(returning: reader(self))
            }
            thread.name = name
            thread.start()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension PullBridge {
    /// What the reader saw.
    public nonisolated struct Summary: Sendable, Equatable {
        public var bytes = 0
        public var digest: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        public var endOfStreams = 0
        public var error: String?
    }

    /// Feeds `chunks` from a task (failing after `failAfter` chunks, if
    /// given) and reads them on a dedicated thread in `readSize` reads.
    public static func run(
        chunks: [[UInt8]], readSize: Int, capacity: Int = 64 * 1024,
        failAfter: Int? = nil, log: @escaping @Sendable (String) -> Void
    ) async -> Summary {
        let bridge = PullBridge(capacity: capacity)
        let producer = Task {
            await bridge.feed { bridge in
                for (index, chunk) in chunks.enumerated() {
                    if index == failAfter { throw Failure() }
                    try await bridge.write(chunk)
                }
            }
        }
        let summary = await bridge.readOnThread { readAll($0, readSize) }
        await producer.value
        log(summary.line)
        return summary
    }

    nonisolated struct Failure: Error, CustomStringConvertible {
        var description: String { "producer failed" }
    }

    /// Two producers write at once: the second `write` traps while the first
    /// waits for space. Run it only in a child process.
    public static func twoProducers(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let bridge = PullBridge(capacity: 4)
        log("two producers write to one bridge at once")
        try? await bridge.write([1, 2, 3, 4])  // full now
        let first = Task { try await bridge.write([5]) }
        while !bridge.isProducerWaiting && !Task.isCancelled {
            await Task.yield()
        }
        log("the first producer waits for space")
        try? await bridge.write([6])  // traps: one producer at a time
        log("never printed: the second write went through")
        first.cancel()
    }

    /// Reads to the end; the body of the reader thread.
    public static func readAll(_ bridge: PullBridge, _ readSize: Int) -> Summary
    {
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

nonisolated extension PullBridge.Summary {
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
