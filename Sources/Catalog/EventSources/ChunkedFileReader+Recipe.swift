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
        prose: Articles.recipe("dispatch-io-read"),
        isBridging: true,
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
