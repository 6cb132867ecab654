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
        prose: Articles.recipe("stream-line-reader"),
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
