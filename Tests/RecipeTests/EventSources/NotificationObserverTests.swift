import Foundation
import Legacy
import Modern
import RecipeKit
import Synchronization
import Testing

/// Every test posts on a private `NotificationCenter()`, never `.default`: parallel tests would
/// see each other's posts.
@Suite(.timeLimit(.minutes(1)))
struct NotificationObserverTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    enum CancelPoint: String, CaseIterable, Sendable {
        case beforeItStarts, whileItWaits, afterEvents
    }

    static let saved = Notification.Name("DocumentDidSave")

    /// Counts how often an observer's block ran, from any thread.
    final class BlockCalls: Sendable {
        private let value = Mutex(0)
        func increment() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    @Test(arguments: Side.allCases)
    func threePostsThreeEventsInOrderThenNothing(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await onOwnThread {
                Legacy.NotificationObserver.observeThreeSaves(on: NotificationCenter(), log: recorder.logger)
            }
        case .modern:
            await Modern.NotificationObserver.observeThreeSaves(on: NotificationCenter(), log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "saved a.txt", "saved b.txt", "saved c.txt", "owner released", "handler calls after a 4th post: 3",
            ])
    }

    @Test func legacyHandlerRunsBeforePostReturns() {
        let center = NotificationCenter()
        let recorder = Recorder()
        let observer = Legacy.NotificationObserver(Self.saved, on: center) { recorder.log("handled \($0)") }
        center.post(name: Self.saved, object: "a.txt")
        recorder.log("post returned")
        #expect(recorder.lines == ["handled a.txt", "post returned"])
        withExtendedLifetime(observer) {}
    }

    @Test func modernPostOnlyBuffersTheEvent() async {
        let center = NotificationCenter()
        let calls = BlockCalls()
        let events = Modern.NotificationObserver.notifications(named: Self.saved, on: center) { note in
            calls.increment()
            return note.object as? String ?? "?"
        }
        for name in ["a.txt", "b.txt", "c.txt"] { center.post(name: Self.saved, object: name) }
        // The block ran at each post; nobody has consumed anything yet.
        #expect(calls.count == 3)
        var received: [String] = []
        for await name in events {
            received.append(name)
            if received.count == 3 { break }
        }
        #expect(received == ["a.txt", "b.txt", "c.txt"])
    }

    @Test func legacyReleasingTheOwnerRemovesTheObserverAtOnce() {
        let center = NotificationCenter()
        let calls = BlockCalls()
        var observer: Legacy.NotificationObserver? = .init(Self.saved, on: center) { _ in calls.increment() }
        center.post(name: Self.saved, object: "a.txt")
        withExtendedLifetime(observer) {}
        observer = nil
        center.post(name: Self.saved, object: "b.txt")
        #expect(calls.count == 1)
    }

    @Test func modernObserverIsGoneOnceTheReleasedOwnersConsumerEnds() async {
        let center = NotificationCenter()
        let (handled, handledOne) = AsyncStream.makeStream(of: String.self)
        var owner: Modern.NotificationObserver? = .init(Self.saved, on: center) { handledOne.yield($0) }
        center.post(name: Self.saved, object: "a.txt")
        var iterator = handled.makeAsyncIterator()
        #expect(await iterator.next() == "a.txt")
        let consumer = owner?.consumer
        owner = nil  // deinit cancels the consumer
        await consumer?.value
        center.post(name: Self.saved, object: "b.txt")
        handledOne.finish()
        #expect(await iterator.next() == nil)
    }

    /// The proof that the observer is gone, not merely that nobody reads: its block is never
    /// called again. Cancellation may arrive before the consumer starts, while it waits for an
    /// event, or after it has handled some.
    @Test(arguments: CancelPoint.allCases)
    func cancellingTheConsumerAtAnyPointRemovesTheObserver(_ point: CancelPoint) async {
        let center = NotificationCenter()
        let calls = BlockCalls()
        let events = Modern.NotificationObserver.notifications(named: Self.saved, on: center) { note in
            calls.increment()
            return note.object as? String ?? "?"
        }
        let (seen, saw) = AsyncStream.makeStream(of: String.self)
        let consumer = Task {
            for await name in events { saw.yield(name) }
            saw.finish()
        }
        var seenIterator = seen.makeAsyncIterator()
        switch point {
        case .beforeItStarts:
            consumer.cancel()
        case .whileItWaits:
            center.post(name: Self.saved, object: "a.txt")
            #expect(await seenIterator.next() == "a.txt")  // it is waiting for the next one
            consumer.cancel()
        case .afterEvents:
            for name in ["a.txt", "b.txt", "c.txt"] { center.post(name: Self.saved, object: name) }
            consumer.cancel()
        }
        await consumer.value
        let before = calls.count
        center.post(name: Self.saved, object: "late.txt")
        #expect(calls.count == before)  // the block did not run: the observer was removed
        var rest: [String] = []
        while let name = await seenIterator.next() { rest.append(name) }
        #expect(!rest.contains("late.txt"))
    }

    @Test func aSlowConsumerGetsEveryEventInPostOrder() async {
        let center = NotificationCenter()
        let events = Modern.NotificationObserver.notifications(named: Self.saved, on: center) {
            $0.userInfo?["n"] as? Int ?? -1
        }
        // The consumer has not started: every post returns at once, and the stream buffers.
        for n in 0..<200 { center.post(name: Self.saved, object: nil, userInfo: ["n": n]) }
        var received: [Int] = []
        for await n in events {
            received.append(n)
            if received.count == 200 { break }
        }
        #expect(received == Array(0..<200))
    }

    @Test(arguments: Side.allCases)
    func postsFromManyThreadsEachArriveOnce(_ side: Side) async {
        let center = NotificationCenter()
        let count = 300
        let received = Locked<[Int]>([])
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        let record: @Sendable (Int) -> Void = { n in
            let all = received.withLock { $0.append(n); return $0.count }
            if all == count { finished.finish() }
        }
        var legacyOwner: Legacy.NotificationObserver?
        var modernOwner: Modern.NotificationObserver?
        switch side {
        case .legacy:
            legacyOwner = .init(Self.saved, on: center) { record(Int($0) ?? -1) }
        case .modern:
            modernOwner = .init(Self.saved, on: center) { record(Int($0) ?? -1) }
        }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: count) { n in
                center.post(name: Self.saved, object: String(n))
            }
        }
        for await _ in done {}
        #expect(received.withLock { $0.sorted() } == Array(0..<count))
        withExtendedLifetime((legacyOwner, modernOwner)) {}
    }

    @Test func aDroppedTokenKeepsTheBlockRunning() {
        let center = NotificationCenter()
        let calls = BlockCalls()
        do {
            _ = center.addObserver(forName: Self.saved, object: nil, queue: nil) { _ in calls.increment() }
        }
        center.post(name: Self.saved, object: nil)
        center.post(name: Self.saved, object: nil)
        #expect(calls.count == 2)  // nothing removed it; it will run for the life of the center
    }

    @Test func withoutOnTerminationTheBlockOutlivesTheStream() async {
        let center = NotificationCenter()
        let calls = BlockCalls()
        let (events, continuation) = AsyncStream.makeStream(of: Int.self)
        _ = center.addObserver(forName: Self.saved, object: nil, queue: nil) { _ in
            calls.increment()
            continuation.yield(1)
        }
        let consumer = Task { for await _ in events {} }
        consumer.cancel()
        await consumer.value
        center.post(name: Self.saved, object: nil)
        #expect(calls.count == 1)  // the stream has ended, yet the block still runs on every post
    }
}
