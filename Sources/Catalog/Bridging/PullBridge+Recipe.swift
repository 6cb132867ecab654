import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let syncPullBridge = Recipe(
        id: "sync-pull-bridge",
        title: "A blocking read() fed by an async producer",
        chapter: .bridging,
        sources: [
            "Seen in real code: the pull callback of media and parser code (a C library asks for bytes synchronously while a download delivers them)"
        ],
        file: "Bridging/PullBridge.swift",
        apis: [
            APIMapping(
                "NSCondition guarding a byte buffer: read(max:) waits, the producer appends and signals",
                "a `Mutex`-guarded bounded buffer; the reader blocks on a semaphore on its own `Thread`"),
            APIMapping(
                "NSCondition.signal after appending, with no limit on the buffer",
                "`try await bridge.write(bytes)`: suspends while the buffer is full"),
            APIMapping(
                "NSCondition.wait on whatever thread the reader runs on",
                "`await bridge.readOnThread { … }`: a dedicated `Thread`, awaited"),
        ],
        problem: """
            A C library (a decoder, a parser) pulls its input through a synchronous callback, \
            but the bytes arrive asynchronously (a download, a stream). You have probably met \
            this in media and parser code: a condition variable blocks the reader until the \
            producer has data. Here 1 MB arrives in seeded random-sized chunks and is read back \
            through 4 KB reads; in the second scenario the producer fails part-way.
            """,
        changes: [
            """
            The blocking boundary stays: Swift concurrency cannot reach inside a synchronous C \
            callback, so something must block. What changes is which thread: `readOnThread` \
            starts a dedicated `Thread` for the reader and suspends the caller until it \
            returns; no cooperative thread ever waits (`blocking-the-pool`).
            """,
            """
            The producer is async and never blocks. The buffer holds at most `capacity` bytes: \
            when it is full, `write` suspends (nothing is dropped) until the reader takes some; \
            a slower reader therefore slows the producer instead of growing memory \
            (`PullBridgeTests.modernProducerSuspendsWhenFull`), where the legacy buffer grows \
            without limit (`PullBridgeTests.legacyBufferGrowsWithoutBound`). One producer and \
            one reader: bytes come out in the order they went in.
            """,
            """
            Both sides read the 1 MB back byte-identical and see end-of-stream exactly once \
            (`PullBridgeTests.bytesRoundTripAndEndOfStreamOnce`); a reader blocked when the \
            producer fails gets what was buffered, then the error \
            (`PullBridgeTests.blockedReaderGetsTheProducersError`).
            """,
        ],
        pitfalls: [
            """
            Don't call `read(max:)` from a task, even "just once": it blocks a cooperative \
            thread, and with 2 cores two such reads stall every task in the process. Only the \
            thread `readOnThread` starts may block.
            """,
            """
            `feed` ends the stream however the producer ends, cancelled included. A producer \
            that just stops (an uncaught error, a cancelled task) would leave the reader thread \
            blocked forever, and the thread with it.
            """,
            """
            One producer, one reader: the buffer has room for one suspended producer. And the \
            reader has no `close()`: a reader that stops early leaves a producer suspended on a \
            full buffer until its task is cancelled, so cancel the producer when the reader gives \
            up.
            """,
            """
            The semaphore counts signals, not bytes: the reader re-checks the buffer after \
            every wake-up, so an extra signal costs one loop and a missed one cannot happen \
            (each write and the finish signal after changing the state).
            """,
        ],
        annotations: [
            """
            Legacy: `@unchecked Sendable`, protected by `condition`. Modern: `Sendable` with no \
            escape hatch: the state lives in a `Mutex`, the suspended producer is a \
            `CheckedContinuation` stored in it.
            """,
            """
            `DispatchSemaphore.wait` in the modern file runs only on the reader's own thread, \
            never in async code.
            """,
        ],
        differences: [
            """
            Cancelling the producer. Cancelled while it waits for space, the modern producer is \
            resumed with `CancellationError`, no continuation is left stored, and the reader \
            gets the buffered bytes, then the error "cancelled"; its thread ends \
            (`PullBridgeTests.modernCancelledProducerEndsTheReaderThread`). Cancelled before it \
            writes, the same happens with nothing read \
            (`PullBridgeTests.modernCancelBeforeWriteEndsTheReader`). The legacy producer, a \
            queue block, cannot be cancelled: the reader waits until it ends.
            """
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `PullBridge` would land on the main actor, so the reader's own thread could not call `read(max:)`; `nonisolated` keeps the bridge usable from that thread and from any task.",
        replaces: [.condition],
        scenarios: [
            Scenario(
                "1 MB in random chunks, 4 KB reads",
                rules: [.invariant(["digest", "bytes", "end-of-stream count"])],
                legacy: { context in
                    let chunks = pullBridgeChunks()
                    let summary = await onOwnThread {
                        Legacy.PullBridge.run(
                            chunks: chunks, readSize: 4096, log: context.log)
                    }
                    record(summary.digest, summary.bytes, summary.endOfStreams, context)
                },
                modern: { context in
                    let summary = await Modern.PullBridge.run(
                        chunks: pullBridgeChunks(), readSize: 4096, log: context.log)
                    record(summary.digest, summary.bytes, summary.endOfStreams, context)
                }
            ),
            Scenario(
                "the producer fails after 20 chunks",
                rules: [.exact, .invariant(["error", "bytes"])],
                legacy: { context in
                    let chunks = pullBridgeChunks()
                    let summary = await onOwnThread {
                        Legacy.PullBridge.run(
                            chunks: chunks, readSize: 4096, failAfter: 20,
                            log: context.log)
                    }
                    context.record("error", summary.error ?? "none")
                    context.record("bytes", summary.bytes)
                },
                modern: { context in
                    let summary = await Modern.PullBridge.run(
                        chunks: pullBridgeChunks(), readSize: 4096, failAfter: 20,
                        log: context.log)
                    context.record("error", summary.error ?? "none")
                    context.record("bytes", summary.bytes)
                }
            ),
        ]
    )
}

/// 1 MB of seeded bytes in seeded chunks of 1…16 KB.
func pullBridgeChunks(total: Int = 1 << 20, seed: UInt64 = SplitMix64.defaultSeed) -> [[UInt8]] {
    var generator = SplitMix64(seed: seed)
    var chunks: [[UInt8]] = []
    var left = total
    while left > 0 {
        let size = min(left, Int.random(in: 1...16_384, using: &generator))
        var chunk = [UInt8](repeating: 0, count: size)
        for index in stride(from: 0, to: size, by: 8) {
            let word = generator.next()
            for offset in 0..<min(8, size - index) {
                chunk[index + offset] = UInt8(truncatingIfNeeded: word >> (offset * 8))
            }
        }
        chunks.append(chunk)
        left -= size
    }
    return chunks
}

private func record(_ digest: UInt64, _ bytes: Int, _ eofs: Int, _ context: RunContext) {
    context.record("digest", String(digest, radix: 16))
    context.record("bytes", bytes)
    context.record("end-of-stream count", eofs)
}
