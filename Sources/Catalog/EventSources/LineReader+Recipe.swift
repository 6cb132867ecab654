import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let streamLineReader = Recipe(
        id: "stream-line-reader",
        title: "Read a big file line by line in 4 KB chunks",
        chapter: .eventSources,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `NSInputStream` line reader (objc.io's `Reader`, with a serial operation queue)"
        ],
        file: "EventSources/LineReader.swift",
        apis: [
            APIMapping(
                "InputStream with a delegate (NSStreamEventHasBytesAvailable), polled on a Thread on Linux",
                "an `AsyncSequence` whose iterator reads the next chunk when a line is missing"),
            APIMapping(
                "OperationQueue with maxConcurrentOperationCount = 1 keeping the chunks in order",
                "nothing: one iterator, called by one loop, is already in order"),
            APIMapping(
                "enumerateLines(_:completion:) callbacks on an OperationQueue",
                "`for try await line in reader`; the loop's end is the completion"),
        ],
        problem: """
            Emit a large file's lines in order, with memory bounded by a chunk rather than the \
            file, and without decoding a character cut in two by a chunk boundary.
            """,
        changes: [
            """
            Both sides read a real seeded temporary file: 300 KB in the suite and on this page, \
            8 MB under `compare`. It has lines straddling the 4 KB chunk boundaries, a "€" \
            (three UTF-8 bytes) split across the first boundary, empty lines, and a last line \
            with no newline. The emitted lines equal the file's lines, split in one go, and the \
            completion comes once, after the last line. The file is removed afterwards.
            """,
            """
            The callbacks become an `AsyncSequence`: the consumer writes `for try await line in \
            LineReader(url:)`. Its iterator reads the next chunk only when the consumer asks for \
            a line it doesn't have yet, so memory stays at one chunk and one line however slow \
            the consumer is: back-pressure, which a push model (an `AsyncStream` fed by a \
            reading task) doesn't have. RECIPES.md suggests such a stream with a bounded \
            buffering policy; a bounded policy drops lines instead of slowing the reader, so the \
            recipe pulls instead.
            """,
            """
            The worker thread and the serial queue are gone. The queue existed to keep the \
            chunks in order and to own the remainder; one iterator called by one loop does both. \
            The blocking `FileHandle.read(upToCount:)` runs in a `@concurrent` function, so a \
            `@MainActor` caller's actor is not blocked by the disk.
            """,
            """
            Throughput of the reading alone (lines collected, before the check), measured with \
            `swift run -c release compare stream-line-reader --runs 5` on 2026-11-24 (2 cores, \
            Linux, Swift 6.3.1, release build, other builds running; 8 MB file, 224,855 lines, \
            4 KB chunks on both sides). `compare` shows the `MB/s` of one run per side: legacy \
            81 and 100 MB/s, modern 64 and 132 MB/s in two runs; the whole scenario took 552 ms \
            against 606 ms (1.10×) and 295 ms against 262 ms (0.89×). So the modern reader is \
            within the noise of the legacy one, well inside 1.5×, without tuning: both split \
            bytes and decode one `String` per line, which is most of the work. It pays one hop \
            to the `@concurrent` read per 4 KB chunk; `LineReader(url:)` defaults to 64 KB \
            chunks, a sixteenth of the hops. The peak memory `compare` prints (about 220 MB) is \
            the driver's: it keeps every line, and the file's lines, to check them.
            """,
        ],
        pitfalls: [
            """
            The usual modern reflex, an `AsyncStream` fed by a reading task, buffers without \
            limit by default; a bounded policy (`.bufferingOldest(n)`) does not slow the \
            producer down, it drops lines. Pull instead, as this iterator does. An \
            `AsyncThrowingStream` also allows only one consumer.
            """,
            """
            Split on `\\n` bytes and decode each line, never a chunk: a chunk boundary can cut a \
            character in two, and `String(decoding:)` would turn each half into U+FFFD \
            (`LineReaderTests.decodingChunksInsteadOfLinesCorruptsTheSplitCharacter`).
            """,
            """
            The serial queue is what keeps the legacy chunks in order: on a concurrent queue the \
            chunks, and so the lines, come out scrambled.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `InputStream` delegate events are never delivered (there is no run-loop \
            stream scheduling in swift-corelibs-foundation that fires them), and \
            `FileHandle.bytes` and `URL.lines` are Apple-only. Poll `read(_:maxLength:)` on a \
            thread of its own, or read chunks as the modern side does.
            """,
        ],
        annotations: [
            """
            The legacy `LineReader` is `@unchecked Sendable`: `remainder` is touched only by the \
            operations of its queue, whose `maxConcurrentOperationCount` is 1. `onLine` and \
            `completion` are `@escaping @Sendable`: they run on that queue, not the caller's \
            thread.
            """
        ],
        differences: [
            """
            The modern reader reads a chunk only when its consumer needs one: a change written \
            to the file past what the first line needed is seen by the later lines \
            (`LineReaderTests.modernReaderReadsOnlyWhatTheConsumerAsksFor`). The legacy thread \
            reads ahead as fast as the disk allows, queueing chunks whatever the consumer does.
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSInputStream` line reader: the \
            end-of-stream case is elided (`...`), so `processDataChunk:` never emits the last \
            remainder: a file without a final newline loses its last line. Both sides of the \
            recipe emit it (`LineReaderTests.theLastLineWithoutANewlineIsEmitted`).
            """,
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSInputStream` line reader: \
            `read:maxLength:` returns `NSInteger`, and -1 on error; storing it in an `NSUInteger \
            length` turns an error into a huge length that passes `0 < length`.
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `LineReader` and its `Iterator` would land on the main actor, with main-actor-isolated `AsyncSequence` conformances, so only main-actor code could iterate it; `nonisolated` lets any task iterate it, splitting lines on the caller's executor while `read` stays `@concurrent`.",
        replaces: [.operationQueue, .maxConcurrentOperationCount, .addOperation, .thread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    try await LineFixture.withFile(size: IOScenario.fileSize(context.pace)) { url, bytes in
                        let elapsed = try await onOwnThread {
                            try Legacy.LineReader.demo(url: url, chunkSize: 4096, log: context.log)
                        }
                        IOScenario.recordThroughput(context, bytes: bytes.count, elapsed: elapsed)
                    }
                },
                modern: { context in
                    try await LineFixture.withFile(size: IOScenario.fileSize(context.pace)) { url, bytes in
                        let elapsed = try await Modern.LineReader.demo(
                            url: url, chunkSize: 4096, log: context.log)
                        IOScenario.recordThroughput(context, bytes: bytes.count, elapsed: elapsed)
                    }
                }
            )
        ]
    )
}
