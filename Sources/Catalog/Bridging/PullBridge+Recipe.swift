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
                "`NSCondition` guarding a byte buffer: `read(max:)` waits, the producer appends and signals",
                "a `Mutex`-guarded bounded buffer; the reader blocks on a semaphore on its own `Thread`"),
            APIMapping(
                "NSCondition.signal after appending, with no limit on the buffer",
                "`try await bridge.write(bytes)`: suspends while the buffer is full"),
            APIMapping(
                "NSCondition.wait on whatever thread the reader runs on",
                "`await bridge.readOnThread { … }`: a dedicated `Thread`, awaited"),
            APIMapping(
                "NSCondition: a reader that stops early tells no one",
                "`bridge.close()` from the reader: the producer's writes throw `ReaderClosed`"),
        ],
        prose: Articles.recipe("sync-pull-bridge"),
        isBridging: true,
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
            Scenario(
                "two producers at once",
                rules: [.subprocessDemo(legacy: .finishes, modern: .traps)],
                legacy: .childProcess(
                    .async { _, log in
                        await onOwnThread { Legacy.PullBridge.twoProducers(log: log) }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.PullBridge.twoProducers(log: log)
                    })
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
