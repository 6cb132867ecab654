import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct BatcherTests {
    static let maxWait = Duration.milliseconds(50)

    /// Every batch flushed, when, and a stream of batch counts so far.
    final class Flushes: Sendable {
        private let state = Locked<[(batch: [Int], at: ContinuousClock.Instant)]>([])
        let flushed = AsyncStream.makeStream(of: Int.self)

        func flush(_ batch: [Int]) {
            let count = state.withLock { state in
                state.append((batch, .now))
                return state.count
            }
            flushed.continuation.yield(count)
        }

        var batches: [[Int]] { state.withLock { $0.map(\.batch) } }
        var times: [ContinuousClock.Instant] { state.withLock { $0.map(\.at) } }

        /// Waits until `count` batches have been flushed.
        func waitForBatches(_ count: Int) async {
            if batches.count >= count { return }
            for await flushed in flushed.stream where flushed >= count { return }
        }
    }

    static func finish(_ batcher: Legacy.Batcher<Int>) async {
        await withCheckedContinuation { done in batcher.finish { done.resume() } }
    }

    /// 25 items at once with N = 10: 10 and 10 at once, then 5 when the deadline of the third
    /// batch comes. On the hand-moved clock, not a nanosecond sooner.
    @Test func twentyFiveItemsGiveTenTenThenFiveAfterTheDeadline() async throws {
        let clock = ManualTestClock()
        let modern = Flushes()
        let batcher = Modern.Batcher<Int, ManualTestClock>(size: 10, maxWait: Self.maxWait, clock: clock) {
            modern.flush($0)
        }
        for item in 1...25 { batcher.add(item) }
        await modern.waitForBatches(2)
        try await clock.waitForSleepers(1)  // the third batch's timer
        clock.advance(by: Self.maxWait - .nanoseconds(1))
        #expect(modern.batches.count == 2)
        clock.advance(by: .nanoseconds(1))
        await modern.waitForBatches(3)
        #expect(modern.batches == [Array(1...10), Array(11...20), Array(21...25)])
        await batcher.finish()
        #expect(modern.batches.count == 3)

        let legacy = Flushes()
        let legacyBatcher = Legacy.Batcher<Int>(size: 10, maxWait: Self.maxWait) { legacy.flush($0) }
        let added = ContinuousClock.now
        for item in 1...25 { legacyBatcher.add(item) }
        await legacy.waitForBatches(3)
        #expect(legacy.batches == [Array(1...10), Array(11...20), Array(21...25)])
        #expect(added.duration(to: legacy.times[2]) >= Self.maxWait)
        await Self.finish(legacyBatcher)
        #expect(legacy.batches.count == 3)
    }

    /// Three items, then silence: one batch of three, the deadline after the first item.
    @Test func threeItemsThenSilenceGiveOneBatchAfterTheDeadline() async throws {
        let clock = ManualTestClock()
        let modern = Flushes()
        let batcher = Modern.Batcher<Int, ManualTestClock>(size: 10, maxWait: Self.maxWait, clock: clock) {
            modern.flush($0)
        }
        for item in 1...3 { batcher.add(item) }
        try await clock.waitForSleepers(1)
        #expect(modern.batches.isEmpty)
        clock.advance(by: Self.maxWait)
        await modern.waitForBatches(1)
        #expect(modern.batches == [[1, 2, 3]])
        #expect(clock.sleeperCount == 0)

        let legacy = Flushes()
        let legacyBatcher = Legacy.Batcher<Int>(size: 10, maxWait: Self.maxWait) { legacy.flush($0) }
        let added = ContinuousClock.now
        for item in 1...3 { legacyBatcher.add(item) }
        await legacy.waitForBatches(1)
        #expect(legacy.batches == [[1, 2, 3]])
        #expect(added.duration(to: legacy.times[0]) >= Self.maxWait)
        extendLifetime(legacyBatcher)
    }

    /// One item at 0 ms fills nothing; a full batch at once flushes and cancels its timer; an
    /// item at 40 ms starts a new timer, so its batch goes at 90 ms, not at 50 ms.
    @Test func theDeadlineStartsAtTheFirstItemOfABatch() async throws {
        let clock = ManualTestClock()
        let flushes = Flushes()
        let batcher = Modern.Batcher<Int, ManualTestClock>(size: 10, maxWait: Self.maxWait, clock: clock) {
            flushes.flush($0)
        }
        for item in 1...10 { batcher.add(item) }
        await flushes.waitForBatches(1)
        try await clock.waitForSleepers(0)  // the full batch cancelled its timer
        clock.advance(by: .milliseconds(40))
        batcher.add(11)
        try await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(49))
        #expect(flushes.batches.count == 1)
        clock.advance(by: .milliseconds(1))
        await flushes.waitForBatches(2)
        #expect(flushes.batches == [Array(1...10), [11]])
        await batcher.finish()
    }

    /// 14 items, then finish: 10 by size, and the last 4 by the finish, once, before any deadline.
    @Test func finishingMidBatchFlushesTheRestOnce() async throws {
        let clock = ManualTestClock()
        let modern = Flushes()
        let batcher = Modern.Batcher<Int, ManualTestClock>(size: 10, maxWait: Self.maxWait, clock: clock) {
            modern.flush($0)
        }
        for item in 1...14 { batcher.add(item) }
        await batcher.finish()
        #expect(modern.batches == [Array(1...10), Array(11...14)])
        try await clock.waitForSleepers(0)  // the timer of the last batch ended
        batcher.add(15)  // after finish: refused
        clock.advance(by: Self.maxWait * 2)
        #expect(modern.batches.count == 2)

        let legacy = Flushes()
        let legacyBatcher = Legacy.Batcher<Int>(size: 10, maxWait: .seconds(60)) { legacy.flush($0) }
        for item in 1...14 { legacyBatcher.add(item) }
        await Self.finish(legacyBatcher)
        legacyBatcher.add(15)
        await Self.finish(legacyBatcher)  // a second finish finds nothing to flush
        #expect(legacy.batches == [Array(1...10), Array(11...14)])
    }

    /// 300 producers at once (pool threads, tasks), then finish: every item exactly once, and
    /// every batch full but the last.
    @Test func hundredsOfProducersLoseNothingAndSendNothingTwice() async {
        let legacy = Flushes()
        let legacyBatcher = Legacy.Batcher<Int>(size: 10, maxWait: .seconds(60)) { legacy.flush($0) }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 300) { legacyBatcher.add($0 + 1) }
        }
        await Self.finish(legacyBatcher)

        let modern = Flushes()
        let modernBatcher = Modern.Batcher<Int, ContinuousClock>(size: 10, maxWait: .seconds(60)) {
            modern.flush($0)
        }
        await withDiscardingTaskGroup { group in
            for item in 1...300 {
                group.addTask { modernBatcher.add(item) }
            }
        }
        await modernBatcher.finish()

        for flushes in [legacy, modern] {
            let items = flushes.batches.flatMap { $0 }
            #expect(items.sorted() == Array(1...300))
            #expect(flushes.batches.allSatisfy { $0.count <= 10 })
            #expect(flushes.batches.dropLast().allSatisfy { $0.count == 10 })
        }
    }

    /// Cancel with a batch waiting for its deadline, and during a flush with items behind it.
    /// Modern: the timer's sleep ends (no sleeper left), the flush in progress sees the
    /// cancellation, `finish()` returns, and the full batch 11…20 still buffered in the stream is
    /// never flushed (the loop checks `Task.isCancelled` before each event). Legacy: the buffer is dropped,
    /// but a flush in progress runs to the end.
    @Test func cancelDropsTheBufferAndEndsTheTimer() async throws {
        let clock = ManualTestClock()
        let modern = Flushes()
        let waiting = Modern.Batcher<Int, ManualTestClock>(size: 10, maxWait: Self.maxWait, clock: clock) {
            modern.flush($0)
        }
        for item in 1...3 { waiting.add(item) }
        try await clock.waitForSleepers(1)
        waiting.cancel()
        await waiting.finish()  // the consumer has ended
        try await clock.waitForSleepers(0)  // the timer's sleep ended with CancellationError
        clock.advance(by: Self.maxWait * 2)
        #expect(modern.batches.isEmpty)

        let flushing = Locked<[(batch: [Int], cancelled: Bool)]>([])
        let entered = AsyncStream.makeStream(of: Void.self)
        let busy = Modern.Batcher<Int, ManualTestClock>(size: 10, maxWait: Self.maxWait, clock: clock) { batch in
            entered.continuation.yield()
            let parked = AsyncStream.makeStream(of: Void.self)
            for await _ in parked.stream {}  // a flush that waits until it is cancelled
            extendLifetime(parked.continuation)
            flushing.withLock { $0.append((batch, Task.isCancelled)) }
        }
        for item in 1...25 { busy.add(item) }  // 11…25 wait in the stream's buffer
        for await _ in entered.stream { break }
        busy.cancel()
        await busy.finish()
        let flushed = flushing.withLock { $0 }
        #expect(flushed.map(\.batch) == [Array(1...10)])
        #expect(flushed.allSatisfy { $0.cancelled })
        #expect(clock.sleeperCount == 0)

        let legacy = Flushes()
        let gate = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "batcher-cancel")
        let legacyBatcher = Legacy.Batcher<Int>(size: 10, maxWait: Self.maxWait, queue: queue) { batch in
            legacy.flush(batch)
            gate.wait()  // a slow upload
        }
        for item in 1...12 { legacyBatcher.add(item) }
        await legacy.waitForBatches(1)
        legacyBatcher.cancel()
        gate.signal()  // the upload in progress can't be interrupted: it finishes
        await Self.finish(legacyBatcher)
        try await Task.sleep(for: Self.maxWait * 2)  // a flush of 11…12 would show up here
        #expect(legacy.batches == [Array(1...10)])
    }
}
