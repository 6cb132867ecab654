import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct BroadcasterTests {
    static let twoHundred = [
        "subscribed: 200", "sent 1…5", "cancelled 67; subscribed: 133", "sent 6…10", "source done",
        "kept 133: each got 1…10", "cancelled 67: each got 1…5", "subscribed at the end: 0",
    ]

    @Test func legacyTwoHundredListenersAThirdRemovedMidway() async {
        let recorder = Recorder()
        await onOwnThread { Legacy.Broadcaster.twoHundredListeners(log: recorder.logger) }
        #expect(recorder.lines == Self.twoHundred)
    }

    /// Cancellation: the cancelled third gets nothing after it leaves, and no continuation is left.
    @Test func modernTwoHundredListenersAThirdCancelledMidway() async {
        let recorder = Recorder()
        await Modern.Broadcaster.twoHundredListeners(log: recorder.logger)
        #expect(recorder.lines == Self.twoHundred)
    }

    /// Declared difference: nothing bounds a legacy listener's queue.
    @Test func legacySlowListenerGetsEveryEventLate() async {
        let got = await onOwnThread { Legacy.Broadcaster.slowListener(log: { _ in }) }
        #expect(got.fast == Array(1...10))
        #expect(got.slow == Array(1...10))
    }

    /// Declared difference: `.bufferingNewest(1)` keeps only the latest unread event.
    @Test func modernNewestOneKeepsOnlyTheLatest() async {
        let got = await Modern.Broadcaster.slowListener(log: { _ in })
        #expect(got.fast == Array(1...10))
        #expect(got.slow == [10])
    }

    @Test func bothSidesReplayTheLatestToALateListener() async {
        let legacy = Recorder()
        let modern = Recorder()
        await onOwnThread { Legacy.Broadcaster.lateListener(log: legacy.logger) }
        await Modern.Broadcaster.lateListener(log: modern.logger)
        #expect(legacy.lines == ["late listener got: 3…4"])
        #expect(modern.lines == legacy.lines)
    }

    @Test func modernLeavingTheLoopRemovesTheSubscriber() async {
        let broadcaster = Modern.Broadcaster<Int>()
        var first: Int?
        do {
            let events = broadcaster.subscribe()
            broadcaster.send(1)
            for await event in events {
                first = event
                break
            }
        }  // the stream is gone: onTermination has removed its continuation
        #expect(first == 1)
        #expect(broadcaster.subscriberCount == 0)
    }

    /// Cancelling stops later events; what was already buffered still arrives, on both sides.
    @Test func bufferedEventsStillArriveAfterLeaving() async {
        let broadcaster = Modern.Broadcaster<Int>()
        let events = broadcaster.subscribe()
        for event in 1...3 { broadcaster.send(event) }
        let got = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var got: [Int] = []
            for await event in events { got.append(event) }
            return got
        }.value
        broadcaster.send(4)
        #expect(got == [1, 2, 3])
        #expect(broadcaster.subscriberCount == 0)

        let legacy = Legacy.Broadcaster<Int>()
        let queue = DispatchQueue(label: "busy listener")
        let received = Locked<[Int]>([])
        let group = DispatchGroup()
        group.enter()
        queue.suspend()
        let token = legacy.add(on: queue) { event in
            received.withLock { $0.append(event) }
            group.leave()
        }
        legacy.send(1)
        _ = legacy.listenerCount  // a sync on the list's queue: the send has been handed on
        legacy.remove(token)
        legacy.send(2)
        queue.resume()
        await onOwnThread { group.wait() }
        _ = legacy.listenerCount
        queue.sync {}
        #expect(received.withLock { $0 } == [1])
    }

    /// Bad input: a subscriber that arrives after `finish()` gets an ended stream, not a hang.
    @Test func modernSubscribingAfterFinishEndsAtOnce() async {
        let broadcaster = Modern.Broadcaster<Int>(replaysLatest: true)
        broadcaster.send(1)
        broadcaster.finish()
        var got: [Int] = []
        for await event in broadcaster.subscribe() { got.append(event) }
        #expect(got.isEmpty)
        #expect(broadcaster.subscriberCount == 0)
    }

    /// Bad input: removing a token twice, or one never issued, changes nothing.
    @Test func legacyRemovingAnUnknownTokenIsHarmless() {
        let broadcaster = Legacy.Broadcaster<Int>()
        let token = broadcaster.add(on: DispatchQueue(label: "listener")) { _ in }
        broadcaster.remove(UUID())
        #expect(broadcaster.listenerCount == 1)
        broadcaster.remove(token)
        broadcaster.remove(token)
        #expect(broadcaster.listenerCount == 0)
    }

    /// Sends from many threads reach every subscriber once each.
    @Test func modernConcurrentSendsReachEverySubscriberOnce() async {
        let broadcaster = Modern.Broadcaster<Int>()
        let streams = (0..<4).map { _ in broadcaster.subscribe() }
        await withTaskGroup(of: Void.self) { group in
            for event in 0..<100 { group.addTask { broadcaster.send(event) } }
        }
        broadcaster.finish()
        for stream in streams {
            var got: [Int] = []
            for await event in stream { got.append(event) }
            #expect(got.sorted() == Array(0..<100))
        }
    }
}
