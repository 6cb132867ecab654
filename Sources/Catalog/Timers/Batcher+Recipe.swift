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
        problem:
            "Send events in batches: as soon as N have piled up, or T after the first one of a batch if fewer come, and whatever is left when the app shuts down, with nothing lost or sent twice. You have probably met this in analytics and logging SDKs: a serial queue, an array, a count check in `enqueue` and a timer for the time limit.",
        changes: [
            "The serial queue that owned the buffer becomes one consumer task reading one `AsyncStream` of events; `add` yields an item event and never suspends.",
            "The one-shot `DispatchSourceTimer` armed by the first item becomes a timer task armed by the first item: it sleeps until `maxWait` later on an injected clock and yields a deadline event into the same stream. \"N items\" and \"time is up\" race inside one loop, with no lock.",
            "Each timer names its batch (both sides). A size flush cancels the timer; a deadline for a batch that has already gone is ignored, so a late tick can't flush the next batch early.",
            "`finish` becomes `await batcher.finish()`: finishing the stream lets the consumer read what is left and flush it once (`BatcherTests.finishingMidBatchFlushesTheRestOnce`).",
            "The library answer is swift-async-algorithms' `chunks(ofCount:or:)` (`items.chunks(ofCount: 10, or: AsyncTimerSequence.repeating(every: .seconds(5)))`); this package has no dependencies, so the recipe writes the loop. Note that its time signal is a repeating timer, not one started by each batch's first item.",
        ],
        pitfalls: [
            "Forgetting the final flush loses the last partial batch at shutdown; flushing it from two places sends it twice. Both sides flush once, from the queue or the consumer (`BatcherTests.hundredsOfProducersLoseNothingAndSendNothingTwice`).",
            "A repeating timer that runs forever flushes a batch of one item almost at once if it arrives just before a tick, and wakes the app for nothing when there are no items. Start the timer at the first item of each batch (`BatcherTests.theDeadlineStartsAtTheFirstItemOfABatch`).",
            "Back-pressure: `add` never blocks or suspends, and items are never dropped; if `flush` is slower than the producers, items wait in the queue or the stream (unbounded). Batches keep the items' order, one flush at a time.",
            "An `AsyncStream` still hands out what it buffered after its consumer is cancelled: the loop checks `Task.isCancelled` before each event, or a cancelled batcher would go on flushing (`BatcherTests.cancelDropsTheBufferAndEndsTheTimer`).",
        ],
        annotations: [
            "`Batcher` is `@unchecked Sendable`: only its serial `queue` touches the buffer, the batch number, the timer and the closed flag.",
            "`flush` and `done` are `@escaping @Sendable`: they run later, on the queue. The timer's event handler is written in nonisolated code.",
        ],
        differences: [
            "`cancel()` on the Legacy side drops the buffer, but a flush in progress runs to the end; on the Modern side it cancels the consumer task, so a flush in progress sees the cancellation (`BatcherTests.cancelDropsTheBufferAndEndsTheTimer`).",
            "Modern takes an injected `Clock`, so its deadlines are tested exactly on a hand-moved clock; Legacy's `DispatchSourceTimer` is tested in real time with \"at least T\" assertions.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Batcher` would land on the main actor, so its consumer task and deadline timers would inherit the main actor and `add` could be called synchronously only there; `nonisolated` keeps the consumer and its timers off the main actor and `add` callable from anywhere.",
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
