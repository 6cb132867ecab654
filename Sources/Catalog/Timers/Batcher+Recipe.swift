import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let batchSizeOrTime = Recipe(
        id: "batch-size-or-time",
        title: "Flush a batch at N items or after T, whichever comes first",
        chapter: .timers,
        sources: [
            "Seen in real code: analytics and logging SDKs that queue events and upload them in batches"
        ],
        file: "Timers/Batcher.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeTimerSource armed by the first item of a batch",
                "a timer `Task` that sleeps until the batch's deadline and yields a deadline event into the consumer's stream"
            ),
            APIMapping(
                "DispatchQueue.async owning the buffer",
                "one consumer task over an `AsyncStream` of items and deadlines; swift-async-algorithms' `chunks(ofCount:or:)`"
            ),
        ],
        prose: Articles.recipe("batch-size-or-time"),
        replaces: [.timerSource, .sourceHandlers, .queueAsync],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["everyItemOnceInOrder", "partialBatchWaited"])],
                legacy: { context in try await legacyBatches(context, items: 25, finishEarly: false) },
                modern: { context in try await modernBatches(context, items: 25, finishEarly: false) }
            ),
            Scenario(
                "silence",
                rules: [.exact, .invariant(["everyItemOnceInOrder", "partialBatchWaited"])],
                legacy: { context in try await legacyBatches(context, items: 3, finishEarly: false) },
                modern: { context in try await modernBatches(context, items: 3, finishEarly: false) }
            ),
            Scenario(
                "finish mid-batch",
                rules: [.exact, .invariant(["everyItemOnceInOrder"])],
                legacy: { context in try await legacyBatches(context, items: 14, finishEarly: true) },
                modern: { context in try await modernBatches(context, items: 14, finishEarly: true) }
            ),
        ]
    )
}

/// Logs each batch, and checks that every item came once, in order, and that a batch smaller
/// than the size waited for the deadline (unless the batcher was finished first).
private final class Uploads: Sendable {
    private let state = Locked<(items: [Int], partialWaited: Bool)>(([], true))
    private let log: @Sendable (String) -> Void
    private let started = ContinuousClock.now
    private let maxWait: Duration
    private let total: Int

    init(total: Int, maxWait: Duration, log: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.maxWait = maxWait
        self.log = log
    }

    func upload(_ batch: [Int]) {
        log("batch of \(batch.count): \(batch.first ?? 0)…\(batch.last ?? 0)")
        let waited = started.duration(to: .now) >= maxWait
        state.withLock { state in
            state.items += batch
            if batch.count < 10 { state.partialWaited = state.partialWaited && waited }
        }
    }

    func report(_ context: RunContext, finishEarly: Bool) {
        let (items, waited) = state.withLock { ($0.items, $0.partialWaited) }
        context.record("everyItemOnceInOrder", items == Array(1...total))
        if !finishEarly { context.record("partialBatchWaited", waited) }
    }
}

/// Adds the items at once, then waits for the last batch, or finishes the batcher at once.
private func legacyBatches(_ context: RunContext, items: Int, finishEarly: Bool) async throws {
    let maxWait = context.pace(.seconds(5))
    let uploads = Uploads(total: items, maxWait: maxWait, log: context.log)
    let done = AsyncStream.makeStream(of: Void.self)
    let batcher = Legacy.Batcher<Int>(size: 10, maxWait: maxWait) { batch in
        uploads.upload(batch)
        if batch.last == items { done.continuation.yield() }
    }
    for item in 1...items { batcher.add(item) }
    if finishEarly {
        await withCheckedContinuation { finished in batcher.finish { finished.resume() } }
    } else {
        for await _ in done.stream { break }
    }
    uploads.report(context, finishEarly: finishEarly)
}

/// The same with the modern batcher.
private func modernBatches(_ context: RunContext, items: Int, finishEarly: Bool) async throws {
    let maxWait = context.pace(.seconds(5))
    let uploads = Uploads(total: items, maxWait: maxWait, log: context.log)
    let done = AsyncStream.makeStream(of: Void.self)
    let batcher = Modern.Batcher<Int, ContinuousClock>(size: 10, maxWait: maxWait) { batch in
        uploads.upload(batch)
        if batch.last == items { done.continuation.yield() }
    }
    for item in 1...items { batcher.add(item) }
    if finishEarly {
        await batcher.finish()
    } else {
        for await _ in done.stream { break }
        batcher.cancel()
    }
    uploads.report(context, finishEarly: finishEarly)
}
