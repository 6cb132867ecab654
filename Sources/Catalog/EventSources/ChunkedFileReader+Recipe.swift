import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchIORead = Recipe(
        id: "dispatch-io-read",
        title: "DispatchIO / DispatchData chunked file read",
        chapter: .eventSources,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its notes on `dispatch_data_t` buffers and `dispatch_io` (`dispatch_data_apply`, `dispatch_io_read/write/close`)"
        ],
        file: "EventSources/ChunkedFileReader.swift",
        apis: [
            APIMapping(
                "DispatchIO(type:path:oflag:mode:queue:cleanupHandler:) (dispatch_io_create_with_path)",
                "the same channel, feeding an `AsyncThrowingStream` of chunks"),
            APIMapping(
                "DispatchIO.read(offset:length:queue:ioHandler:) (dispatch_io_read)",
                "`for try await chunk in ChunkedFileReader.chunks(path:chunkSize:)`"),
            APIMapping(
                "DispatchIO.setLimit(highWater:)", "the same limit, the chunk size of the stream"),
            APIMapping(
                "DispatchIO.write(offset:data:queue:ioHandler:) (dispatch_io_write)",
                "an `async throws` function resuming a continuation on `done`"),
            APIMapping(
                "DispatchIO.close() (dispatch_io_close)",
                "`close()` on `done`; `onTermination` closes with `.stop` when the consumer leaves"),
            APIMapping(
                "DispatchIO chunks: DispatchData.enumerateBytes (dispatch_data_apply)",
                "`Data`: contiguous, no region walk (`DispatchData` is not `Sendable`)"),
            APIMapping(
                "DispatchIO chunks: DispatchData.subdata(in:) (dispatch_data_create_subrange)",
                "a `Data` slice, which shares its storage"),
        ],
        problem: """
            Read (and write) a file in chunks asynchronously, with buffers that are not copied \
            from one owner to the next.
            """,
        changes: [
            """
            Both sides read a real seeded temporary file: 300 KB in the suite and on this page, \
            8 MB under `compare`, in 64 KB chunks. Its first line ends with a "€" split across \
            the first chunk boundary; it has empty lines and no final newline. The concatenated \
            chunks equal the file, a 1000..<2000 slice equals the file's bytes, and so does a \
            copy written back through `DispatchIO.write`. The fixture is removed afterwards.
            """,
            """
            The channel stays: Swift concurrency has no asynchronous file API. The read handler \
            yields each chunk into an `AsyncThrowingStream` and finishes it on `done`, throwing \
            the errno if there is one; the consumer writes `for try await chunk in …`. The \
            write becomes an `async throws` function whose continuation `done` resumes once. \
            A consumer that leaves the loop early terminates the stream, and `onTermination` \
            closes the channel with `.stop`, where the legacy read goes on to the end of the \
            file unless its owner keeps the channel and closes it \
            (`ChunkedFileReaderTests.aConsumerThatLeavesEarlyStopsTheReadAndClosesTheFile` \
            reads a FIFO that never ends). Leaving the loop is enough only when nothing else \
            holds the stream: a stream kept in a variable ends when that variable goes out of \
            scope, or when the consuming task is cancelled.
            """,
            """
            `DispatchData` is not `Sendable` on Linux, so it can't be yielded into a stream: \
            the modern stream carries `Data`, one copy per chunk, where the legacy handler \
            appends `DispatchData` without copying.
            """,
            """
            Throughput of the read alone (the chunks gathered, before the checks), measured with \
            `swift run -c release compare dispatch-io-read --runs 5` on 2026-11-24 (2 cores, \
            Linux, Swift 6.3.1, release build, other builds running; 8 MB file, 64 KB chunks). \
            `compare` shows the `MB/s` of one run per side, and it moves a lot from run to run \
            on a busy machine: legacy 749, 781 and 877 MB/s over three runs; modern 247 and \
            592 MB/s once the copy went through one `withUnsafeBytes` (128 MB/s before, with \
            `Data(dispatchData)`, which walks the bytes one by one). The whole scenario, checks \
            included, took 182 ms legacy against 179 ms modern (median wall, 0.98×). The copies \
            are the modern cost: zero-copy is what the stream gives up. Both sides peaked at \
            about 230 threads in that run (about 25 for the 300 KB file): libdispatch's I/O on \
            Linux starts worker threads as the chunks come in, whichever side consumes them.
            """,
        ],
        pitfalls: [
            """
            The channel does not wait for the stream's consumer: the stream's buffer grows with \
            whatever a slow consumer hasn't taken. For back-pressure, pull instead: read the \
            next chunk when the consumer asks, as `stream-line-reader` does.
            """,
            """
            A blocking `read` inside a task holds one of the cooperative pool's few threads; \
            `DispatchIO` reads on Dispatch's own threads, which is why it stays here.
            """,
            """
            Don't decode a chunk as `String`: a chunk boundary can cut a character in two (the \
            fixture's "€" is cut so). Split on bytes and decode lines, as `stream-line-reader` \
            does.
            """,
            """
            The handler gets a last call with `done` set, possibly with empty data; close the \
            channel then, or its cleanup handler (and the `close` of the file) never runs.
            """,
            """
            The Read-And-Learn wiki page suggests measuring with `dispatch_benchmark`, which no \
            public header declares; `compare` measures here (and see `benchmark-measure`).
            """,
        ],
        platformNotes: [
            """
            **Linux**: `FileHandle.bytes` and `URL.lines` are Apple-only; read chunks (here, or \
            `FileHandle.read(upToCount:)`).
            """,
            """
            **Linux**: there is no `dispatch_benchmark` at all.
            """,
        ],
        annotations: [
            """
            The legacy `onChunk` and `completion` need not be `@Sendable`: the channel calls them \
            on the queue it was given, one at a time. The driver's counters are touched only on \
            that queue.
            """
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `ChunkedFileReader` would land on the main actor, so `chunks(path:chunkSize:)` could be called synchronously only there and `write(_:toPath:)` would run there; `nonisolated` keeps the reader callable from any task.",
        replaces: [.dispatchIO],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    try await LineFixture.withFile(
                        size: IOScenario.fileSize(context.pace), chunkSize: ioChunkSize
                    ) { url, bytes in
                        let elapsed = try await onOwnThread {
                            try Legacy.ChunkedFileReader.demo(
                                path: url.path, chunkSize: ioChunkSize, log: context.log)
                        }
                        IOScenario.recordThroughput(context, bytes: bytes.count, elapsed: elapsed)
                    }
                },
                modern: { context in
                    try await LineFixture.withFile(
                        size: IOScenario.fileSize(context.pace), chunkSize: ioChunkSize
                    ) { url, bytes in
                        let elapsed = try await Modern.ChunkedFileReader.demo(
                            path: url.path, chunkSize: ioChunkSize, log: context.log)
                        IOScenario.recordThroughput(context, bytes: bytes.count, elapsed: elapsed)
                    }
                }
            )
        ]
    )
}

/// The channel's high-water mark: 64 KB chunks.
private let ioChunkSize = 64 * 1024
