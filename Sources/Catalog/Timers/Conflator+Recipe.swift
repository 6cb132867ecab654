import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let conflateLatest = Recipe(
        id: "conflate-latest",
        title: "A slow sink sees only the latest value",
        chapter: .timers,
        sources: [
            "Seen in real code: apps that drive a slow device or view from a fast stream (brightness sliders, progress bars, sensor readings)"
        ],
        file: "Timers/Conflator.swift",
        apis: [
            APIMapping(
                "NSLock + pending value + isSending flag, drained on a serial queue (DispatchQueue.async)",
                "an actor with `pending` and one drain `Task`; or `AsyncStream(bufferingPolicy: .bufferingNewest(1))` with one consumer"
            ),
            APIMapping("DispatchGroup.notify (sink idle)", "`await conflator.finish()`"),
        ],
        problem:
            "A producer emits values faster than the sink can take them (a slider moves every millisecond, the device takes 20 ms per write). Queueing every value makes the sink fall further and further behind; the sink should get the first value at once, then always the newest one, one at a time. You have probably met this in apps that drive a slow device or a slow view from a fast stream: a serial queue, a `pending` value and a `busy` flag.",
        changes: [
            "The lock-protected `pending` value and `isSending` flag become actor state; the serial queue's drain loop becomes one drain `Task` that sends, takes `pending`, and sends again until nothing is pending.",
            "The sink is an `async` closure marked `@concurrent`: it runs off the actor, so a slow sink never makes `submit` wait (the package builds Modern with `NonisolatedNonsendingByDefault`, under which a plain `async` closure would run on the actor).",
            "`DispatchGroup.notify` for \"the sink is idle\" becomes `await conflator.finish()`, which waits for the drain task.",
            "Conflation vs debounce vs throttle. `conflate-latest` sends the newest value as soon as the sink is free: under a steady stream it runs as fast as the sink goes and drops what arrives during a send. `throttle-latest` runs at once if idle, else the newest call when the interval ends: once per interval, whatever the sink's speed. `debounce` runs the last value once the calls pause: under a steady stream, never (without a max interval).",
            "`AsyncStream(bufferingPolicy: .bufferingNewest(1))` consumed by one task is the one-line modern answer when losing the very first value is acceptable: a value yielded before the consumer waits is buffered and can be replaced (`ConflatorTests.bufferingNewestOneDropsTheFirstValueIfNobodyWaits`). The actor hands the first value straight to the drain task.",
        ],
        pitfalls: [
            "A `DispatchQueue.async` per value (or an unbounded `AsyncStream`) is not conflation: every value is sent, and the sink falls behind by the whole backlog.",
            "Set `isSending = false` under the same lock as the check for `pending`, or a value submitted between the two is stranded until the next one comes (both sides clear the flag in the same critical section or actor turn that finds nothing pending).",
            "Back-pressure: the producer never waits for the sink and never blocks; values in between are dropped, never queued. Only one value is ever in flight, and the values sent keep the producer's order (`ConflatorTests.whileASendIsInFlightOnlyTheNewestValueWaits`, `ConflatorTests.hundredsOfProducersOneSendAtATimeLastValueLast`).",
            "The drain task holds the actor until it ends, so a conflator with work pending finishes sending its last value even if you drop it. Call `cancel()` to stop it.",
        ],
        annotations: [
            "`Conflator` is `@unchecked Sendable`: its `lock` protects `pending`, `isSending` and `isClosed`.",
            "`send` is `@escaping @Sendable`: it runs later, on the drain queue.",
        ],
        differences: [
            "`cancel()` on the Legacy side lets the send in progress run to the end (a blocking call on a queue can't be interrupted); on the Modern side it cancels the drain task, so the sink's `await` sees the cancellation and ends early. Neither side sends anything after `cancel()` (`ConflatorTests.cancelStopsTheModernSendButLetsTheLegacySendFinish`).",
            "The Legacy sink blocks a dispatch thread for each send; the Modern sink suspends and holds no thread while it waits.",
        ],
        replaces: [.nsLock, .queueAsync, .groupNotify, .dispatchGroup, .groupEnter],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["firstSent", "lastSent", "increasing", "maxInFlight"])],
                legacy: { context in try await legacyConflate(context) },
                modern: { context in try await modernConflate(context) }
            )
        ]
    )
}

/// A slow sink: counts the sends in flight, and records every value it got.
private final class SlowSink: Sendable {
    private struct State {
        var inFlight = 0
        var maxInFlight = 0
        var sent: [Int] = []
    }

    private let state = Locked(State())

    func begin(_ value: Int) {
        state.withLock { state in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            state.sent.append(value)
        }
    }

    func end() { state.withLock { $0.inFlight -= 1 } }

    func report(_ context: RunContext) {
        let (sent, maxInFlight) = state.withLock { ($0.sent, $0.maxInFlight) }
        context.log("first sent: \(sent.first ?? 0)")
        context.log("last sent: \(sent.last ?? 0)")
        context.record("firstSent", sent.first ?? 0)
        context.record("lastSent", sent.last ?? 0)
        context.record("increasing", zip(sent, sent.dropFirst()).allSatisfy { $0 < $1 })
        context.record("maxInFlight", maxInFlight)
    }
}

/// 100 values from a thread of their own, one gap apart, into a sink that blocks its queue for
/// `sendTime` per value.
private func legacyConflate(_ context: RunContext) async throws {
    let (gap, sendTime) = (context.pace(.milliseconds(100)), context.pace(.seconds(2)))
    let sink = SlowSink()
    let conflator = Legacy.Conflator<Int> { value in
        sink.begin(value)
        Thread.sleep(forTimeInterval: sendTime / .seconds(1))  // a slow, blocking write
        sink.end()
    }
    await onOwnThread {
        let start = Date()
        for value in 1...100 {
            Thread.sleep(until: start + Double(value - 1) * (gap / .seconds(1)))
            conflator.submit(value)
        }
    }
    await withCheckedContinuation { done in conflator.notifyWhenIdle { done.resume() } }
    sink.report(context)
}

/// The same values from a task, into a sink that suspends for `sendTime` per value.
private func modernConflate(_ context: RunContext) async throws {
    let (gap, sendTime) = (context.pace(.milliseconds(100)), context.pace(.seconds(2)))
    let sink = SlowSink()
    let conflator = Modern.Conflator<Int> { @concurrent value in
        sink.begin(value)
        try? await Task.sleep(for: sendTime)  // a slow write; a cancelled one ends early
        sink.end()
    }
    let start = ContinuousClock.now
    for value in 1...100 {
        try await Task.sleep(until: start + gap * (value - 1))
        await conflator.submit(value)
    }
    await conflator.finish()
    sink.report(context)
}
