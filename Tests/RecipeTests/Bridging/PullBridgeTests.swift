import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct PullBridgeTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Seeded bytes in seeded chunks of 1…16 KB.
    static func chunks(total: Int, seed: UInt64 = 7) -> [[UInt8]] {
        var generator = SplitMix64(seed: seed)
        var chunks: [[UInt8]] = []
        var left = total
        while left > 0 {
            let size = min(left, Int.random(in: 1...16_384, using: &generator))
            chunks.append((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            left -= size
        }
        return chunks
    }

    static func fnv(_ bytes: [UInt8]) -> UInt64 {
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return digest
    }

    /// Reads to the end; returns the byte count and the error, if any.
    static func drain(_ read: (Int) throws -> [UInt8]) -> (bytes: Int, error: String?) {
        var count = 0
        do {
            while true {
                let bytes = try read(4)
                if bytes.isEmpty { return (count, nil) }
                count += bytes.count
            }
        } catch Legacy.PullBridge.ReadError.failed(let message) {
            return (count, message)
        } catch Modern.PullBridge.ReadError.failed(let message) {
            return (count, message)
        } catch {
            return (count, "\(error)")
        }
    }

    /// 256 KB in random chunks through 4 KB reads: byte-identical (digest and count), and
    /// end-of-stream seen exactly once, on both sides; the modern buffer is small (4 KB) so the
    /// producer suspends many times on the way.
    @Test(arguments: Side.allCases)
    func bytesRoundTripAndEndOfStreamOnce(_ side: Side) async {
        let chunks = Self.chunks(total: 256 * 1024)
        let digest = Self.fnv(chunks.flatMap { $0 })
        switch side {
        case .legacy:
            let summary = await onOwnThread {
                Legacy.PullBridge.run(chunks: chunks, readSize: 4096, log: { _ in })
            }
            #expect(summary.bytes == 256 * 1024)
            #expect(summary.digest == digest)
            #expect(summary.endOfStreams == 1)
            #expect(summary.error == nil)
        case .modern:
            let summary = await Modern.PullBridge.run(
                chunks: chunks, readSize: 4096, capacity: 4096, log: { _ in })
            #expect(summary.bytes == 256 * 1024)
            #expect(summary.digest == digest)
            #expect(summary.endOfStreams == 1)
            #expect(summary.error == nil)
        }
    }

    /// The reader has read the first 10 bytes and blocks for more; the producer fails: the
    /// reader wakes with the error (after the 10 bytes), and its thread returns.
    @Test(arguments: Side.allCases)
    func blockedReaderGetsTheProducersError(_ side: Side) async {
        let firstRead = DispatchSemaphore(value: 0)
        let result: (bytes: Int, error: String?)
        switch side {
        case .legacy:
            let bridge = Legacy.PullBridge()
            async let reader = onOwnThread {
                Self.drain { max in
                    defer { firstRead.signal() }
                    return try bridge.read(max: max)
                }
            }
            await onOwnThread {
                bridge.write(Array(repeating: 1, count: 4))
                firstRead.wait()
                bridge.finish(failure: "boom")
            }
            result = await reader
        case .modern:
            let bridge = Modern.PullBridge(capacity: 16)
            async let reader = bridge.readOnThread { bridge in
                Self.drain { max in
                    defer { firstRead.signal() }
                    return try bridge.read(max: max)
                }
            }
            try? await bridge.write(Array(repeating: 1, count: 4))
            await onOwnThread {
                firstRead.wait()
                bridge.finish(failure: "boom")
            }
            result = await reader
        }
        #expect(result.bytes == 4)
        #expect(result.error == "boom")
    }

    /// No reader: the legacy producer never waits, so the whole 1 MB piles up in the buffer.
    @Test func legacyBufferGrowsWithoutBound() async {
        let bridge = Legacy.PullBridge()
        let chunks = Self.chunks(total: 1 << 20)
        await onOwnThread { for chunk in chunks { bridge.write(chunk) } }
        #expect(bridge.buffered == 1 << 20)
    }

    /// Capacity 8, a 20-byte write: the producer suspends with 8 bytes buffered (nothing
    /// dropped, nothing over the bound); a reader then gets all 20 bytes and end-of-stream.
    @Test func modernProducerSuspendsWhenFull() async throws {
        let bridge = Modern.PullBridge(capacity: 8)
        let producer = Task {
            await bridge.feed { try await $0.write(Array(repeating: 2, count: 20)) }
        }
        try await eventually { bridge.isProducerWaiting }
        #expect(bridge.buffered == 8)
        let result = await bridge.readOnThread { bridge in
            Self.drain { try bridge.read(max: $0) }
        }
        await producer.value
        #expect(result.bytes == 20)
        #expect(result.error == nil)
        #expect(!bridge.isProducerWaiting)
    }

    /// Cancelled while suspended on a full buffer: the producer is resumed (no continuation
    /// left stored), the stream fails with "cancelled", and the reader gets the 8 buffered
    /// bytes, then the error; its thread has ended.
    @Test func modernCancelledProducerEndsTheReaderThread() async throws {
        let bridge = Modern.PullBridge(capacity: 8)
        let producer = Task {
            await bridge.feed { try await $0.write(Array(repeating: 3, count: 32)) }
        }
        try await eventually { bridge.isProducerWaiting }
        producer.cancel()
        await producer.value
        #expect(!bridge.isProducerWaiting)
        let tid = Locked<Int32?>(nil)
        let result = await bridge.readOnThread { bridge in
            tid.withLock { $0 = LiveThreads.currentID() }
            return Self.drain { try bridge.read(max: $0) }
        }
        #expect(result.bytes == 8)
        #expect(result.error == "cancelled")
        let readerThread = try #require(tid.withLock { $0 })
        #expect(await LiveThreads.settle(tid: readerThread) == false)
    }

    /// The reader blocks on an empty buffer; the producer task is cancelled before it writes
    /// (and another while it awaits more input): the reader wakes with "cancelled" each time.
    @Test func modernCancelBeforeWriteEndsTheReader() async throws {
        let bridge = Modern.PullBridge(capacity: 8)
        async let reader = bridge.readOnThread { bridge in
            Self.drain { try bridge.read(max: $0) }
        }
        let producer = Task {
            try await eventually { Task.isCancelled }  // starts cancelled
            await bridge.feed { try await $0.write([1, 2, 3]) }
        }
        producer.cancel()
        try await producer.value
        let result = await reader
        #expect(result.error == "cancelled")
        #expect(result.bytes == 0)

        // Cancelled while waiting for its own input, after writing: same end.
        let second = Modern.PullBridge(capacity: 8)
        let waiting = Task {
            await second.feed { bridge in
                try await bridge.write([1, 2])
                try await Task.sleep(for: .seconds(3600))
            }
        }
        let read = Locked(false)
        async let secondReader = second.readOnThread { bridge in
            Self.drain { max in
                defer { read.withLock { $0 = true } }
                return try bridge.read(max: max)
            }
        }
        try await eventually { read.withLock({ $0 }) }
        waiting.cancel()
        let secondResult = await secondReader
        await waiting.value
        #expect(secondResult.error == "cancelled")
    }

    /// A reader that stops early closes the bridge: the producer suspended on the full buffer
    /// throws `ReaderClosed`, `feed` ends, and later writes throw at once. Without `close()` the
    /// producer would wait for space until its task was cancelled.
    @Test func aReaderThatClosesEarlyEndsTheProducer() async throws {
        let bridge = Modern.PullBridge(capacity: 16)
        let thrown = Locked<(any Error)?>(nil)
        let producer = Task {
            await bridge.feed { bridge in
                do {
                    for _ in 0..<100 { try await bridge.write([UInt8](repeating: 1, count: 16)) }
                } catch {
                    thrown.withLock { $0 = error }
                    throw error
                }
            }
        }
        try await eventually { bridge.isProducerWaiting }
        let firstRead = await bridge.readOnThread { bridge -> Int in
            let bytes = (try? bridge.read(max: 8)) ?? []
            bridge.close()
            return bytes.count
        }
        #expect(firstRead == 8)
        await producer.value
        #expect(thrown.withLock { $0 } is Modern.PullBridge.ReaderClosed)
        #expect(bridge.isProducerWaiting == false)
        #expect(bridge.buffered == 0)
        await #expect(throws: Modern.PullBridge.ReaderClosed.self) { try await bridge.write([1]) }
        let afterClose = await bridge.readOnThread { try? $0.read(max: 8) }
        #expect(afterClose == [])  // a read after close is the end, not a wait
    }

    /// One producer at a time: a second `write` while the first waits for space traps, in a child
    /// process. Before the check, the second writer took the first one's slot, and the first
    /// writer's task was never resumed. Legacy writes never wait, so two producers both go through.
    @Test func aSecondConcurrentProducerTraps() async {
        let arguments = ["--demo", "sync-pull-bridge", "two producers at once"]
        let (modern, modernLines) = await ChildProcess.run(
            arguments: arguments + ["modern", "--pace", "test"], timeout: .seconds(10))
        #expect(modern == .trapped(signal: 4))
        #expect(modernLines == ["two producers write to one bridge at once", "the first producer waits for space"])
        let (legacy, legacyLines) = await ChildProcess.run(
            arguments: arguments + ["legacy", "--pace", "test"], timeout: .seconds(10))
        #expect(legacy == .finished(status: 0))
        #expect(legacyLines == ["two producers write to one bridge at once", "both writes returned: 5 bytes buffered"])
    }
}
