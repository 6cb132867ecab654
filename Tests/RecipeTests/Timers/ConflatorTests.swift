import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct ConflatorTests {
    /// What a sink got: every value it started, every value it finished, the most sends in
    /// flight at once, and a stream of the values it started.
    final class Sink: Sendable {
        private struct State {
            var inFlight = 0
            var maxInFlight = 0
            var started: [Int] = []
            var finished: [Int] = []
        }

        private let state = Locked(State())
        let began = AsyncStream.makeStream(of: Int.self)

        func begin(_ value: Int) {
            state.withLock { state in
                state.inFlight += 1
                state.maxInFlight = max(state.maxInFlight, state.inFlight)
                state.started.append(value)
            }
            began.continuation.yield(value)
        }

        func end(_ value: Int) {
            state.withLock { state in
                state.inFlight -= 1
                state.finished.append(value)
            }
        }

        var started: [Int] { state.withLock { $0.started } }
        var finished: [Int] { state.withLock { $0.finished } }
        var maxInFlight: Int { state.withLock { $0.maxInFlight } }

        func waitForStart(of value: Int) async {
            for await started in began.stream where started == value { return }
        }
    }

    /// Permits for a gated modern sink: each send waits for one, or ends when its task is
    /// cancelled.
    final class Permits: Sendable {
        private let permits = AsyncStream.makeStream(of: Void.self)

        func grant() { permits.continuation.yield() }

        /// Waits for a permit; `false` if the waiting task was cancelled.
        func take() async -> Bool {
            for await _ in permits.stream { return true }
            return false
        }
    }

    static func legacyGated(_ sink: Sink, gate: DispatchSemaphore) -> Legacy.Conflator<Int> {
        Legacy.Conflator<Int> { value in
            sink.begin(value)
            gate.wait()  // the sink's slow, blocking write
            sink.end(value)
        }
    }

    static func modernGated(_ sink: Sink, permits: Permits) -> Modern.Conflator<Int> {
        Modern.Conflator<Int> { @concurrent value in
            sink.begin(value)
            guard await permits.take() else { return }  // cancelled: the send ends unfinished
            sink.end(value)
        }
    }

    static func idle(_ conflator: Legacy.Conflator<Int>) async {
        await withCheckedContinuation { done in conflator.notifyWhenIdle { done.resume() } }
    }

    /// Value 1 goes to the idle sink, which is held; values 2…100 arrive meanwhile; released, the
    /// sink gets 100 and nothing else.
    @Test func whileASendIsInFlightOnlyTheNewestValueWaits() async {
        let legacy = Sink()
        let gate = DispatchSemaphore(value: 0)
        let legacyConflator = Self.legacyGated(legacy, gate: gate)
        legacyConflator.submit(1)
        await legacy.waitForStart(of: 1)
        for value in 2...100 { legacyConflator.submit(value) }
        gate.signal()
        await legacy.waitForStart(of: 100)
        gate.signal()
        await Self.idle(legacyConflator)

        let modern = Sink()
        let permits = Permits()
        let modernConflator = Self.modernGated(modern, permits: permits)
        modernConflator.submit(1)
        await modern.waitForStart(of: 1)
        for value in 2...100 { modernConflator.submit(value) }
        permits.grant()
        await modern.waitForStart(of: 100)
        permits.grant()
        await modernConflator.finish()

        for sink in [legacy, modern] {
            #expect(sink.started == [1, 100])
            #expect(sink.finished == [1, 100])
            #expect(sink.maxInFlight == 1)
        }
    }

    /// 500 values from one producer as fast as it can go, into a sink that takes a little time:
    /// the first and the last arrive, in increasing order, one at a time. (The modern producer
    /// starts once the drain task waits, as an app's does: see
    /// `aBurstBeforeTheDrainTaskWaitsMayLoseItsFirstValue`.)
    @Test func underLoadTheFirstAndLastArriveInOrderOneAtATime() async {
        let legacy = Sink()
        let legacyConflator = Legacy.Conflator<Int> { value in
            legacy.begin(value)
            usleep(200)  // a short blocking write
            legacy.end(value)
        }
        await onOwnThread {
            for value in 1...500 { legacyConflator.submit(value) }
        }
        await Self.idle(legacyConflator)

        let modern = Sink()
        let modernConflator = Modern.Conflator<Int> { @concurrent value in
            modern.begin(value)
            await Task.yield()
            modern.end(value)
        }
        modernConflator.submit(1)
        await modern.waitForStart(of: 1)
        await onOwnThread {
            for value in 2...500 { modernConflator.submit(value) }
        }
        await modernConflator.finish()

        for sink in [legacy, modern] {
            #expect(sink.started.first == 1)
            #expect(sink.started.last == 500)
            #expect(sink.started == sink.started.sorted())
            #expect(Set(sink.started).count == sink.started.count)
            #expect(sink.maxInFlight == 1)
        }
    }

    /// 300 producers at once (pool threads, tasks), then one final value: one send at a time, no
    /// value sent twice, and the final value sent last.
    @Test func hundredsOfProducersOneSendAtATimeLastValueLast() async {
        let legacy = Sink()
        let legacyConflator = Legacy.Conflator<Int> { value in
            legacy.begin(value)
            usleep(100)
            legacy.end(value)
        }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 300) { legacyConflator.submit($0 + 1) }
            legacyConflator.submit(1000)
        }
        await Self.idle(legacyConflator)

        let modern = Sink()
        let modernConflator = Modern.Conflator<Int> { @concurrent value in
            modern.begin(value)
            await Task.yield()
            modern.end(value)
        }
        await withDiscardingTaskGroup { group in
            for value in 1...300 {
                group.addTask { modernConflator.submit(value) }
            }
        }
        modernConflator.submit(1000)
        await modernConflator.finish()

        for sink in [legacy, modern] {
            #expect(sink.started.last == 1000)
            #expect(sink.finished.last == 1000)
            #expect(Set(sink.started).count == sink.started.count)
            #expect(sink.maxInFlight == 1)
        }
    }

    /// Cancel before any value, and during a send with a value pending. Modern: the send in
    /// progress sees the cancellation and ends unfinished, the drain task ends (`finish()`
    /// returns), nothing pending is sent, later values are refused. Legacy: the send in progress
    /// runs to the end; nothing pending is sent; later values are refused.
    @Test func cancelStopsTheModernSendButLetsTheLegacySendFinish() async {
        let modern = Sink()
        let permits = Permits()
        let early = Self.modernGated(modern, permits: permits)
        early.cancel()  // before any value
        #expect(!early.submit(1))
        await early.finish()

        let modernConflator = Self.modernGated(modern, permits: permits)
        #expect(modernConflator.submit(1))
        await modern.waitForStart(of: 1)
        #expect(modernConflator.submit(2))
        modernConflator.cancel()  // while a send waits, with 2 pending
        await modernConflator.finish()  // returns: the drain task has ended
        #expect(!modernConflator.submit(3))
        permits.grant()  // a permit nobody takes: the cancelled send did not wait for it
        #expect(modern.started == [1])
        #expect(modern.finished.isEmpty)

        let legacy = Sink()
        let gate = DispatchSemaphore(value: 0)
        let legacyConflator = Self.legacyGated(legacy, gate: gate)
        #expect(legacyConflator.submit(1))
        #expect(legacyConflator.submit(2))
        await legacy.waitForStart(of: 1)
        legacyConflator.cancel()
        #expect(!legacyConflator.submit(3))
        gate.signal()  // the send in progress can't be interrupted: it finishes
        await Self.idle(legacyConflator)
        #expect(legacy.started == [1])
        #expect(legacy.finished == [1])
    }

    /// A synchronous producer (a slider's action, a device callback on a queue) submits 0…999 from
    /// a queue: the last value is always sent, and the values sent keep the producer's order. With
    /// an `await`-only `submit`, such a caller wrapped each call in a `Task {}` of its own, and the
    /// last value sent was not 999 in 4 to 6 of 40 runs.
    @Test func aSynchronousProducersLastValueIsAlwaysSentInOrder() async {
        for _ in 0..<40 {
            let sink = Sink()
            let conflator = Modern.Conflator<Int> { @concurrent value in
                sink.begin(value)
                await Task.yield()
                sink.end(value)
            }
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue(label: "producer").async {
                    for value in 0..<1000 { conflator.submit(value) }
                    done.resume()
                }
            }
            await conflator.finish()
            #expect(sink.started.last == 999)
            #expect(sink.started == sink.started.sorted())
            #expect(Set(sink.started).count == sink.started.count)
            #expect(sink.maxInFlight == 1)
        }
    }

    /// Dropped without `finish()`, a conflator still sends the value waiting: `deinit` ends the
    /// stream, and the drain task sends what it kept before it ends.
    @Test func aDroppedConflatorStillSendsTheWaitingValue() async {
        let sink = Sink()
        let permits = Permits()
        var conflator: Modern.Conflator<Int>? = Self.modernGated(sink, permits: permits)
        conflator?.submit(1)
        await sink.waitForStart(of: 1)
        conflator?.submit(2)
        conflator = nil
        permits.grant()
        await sink.waitForStart(of: 2)
        permits.grant()
        #expect(sink.started == [1, 2])
    }

    /// The catch of a stream that keeps only the newest value: values submitted before the drain
    /// task first waits (right after the conflator was created) replace each other, so the first
    /// of such a burst may never be sent. The legacy conflator sends the first value of every
    /// burst. Here with a bare stream, where nothing waits at all.
    @Test func aBurstBeforeTheDrainTaskWaitsMayLoseItsFirstValue() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
        var seen: [Int] = []
        for await value in stream { seen.append(value) }
        #expect(seen == [3])
    }
}
