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
                "`AsyncStream(bufferingPolicy: .bufferingNewest(1))` drained by one `Task`: `submit` stays synchronous"
            ),
            APIMapping("DispatchGroup.notify (sink idle)", "`await conflator.finish()`"),
        ],
        prose: Articles.recipe("conflate-latest"),
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
    /// Opened when the first send begins: for a thread (legacy) and for a task (modern).
    let firstBegan = (thread: DispatchSemaphore(value: 0), task: Latch())

    private struct State {
        var inFlight = 0
        var maxInFlight = 0
        var sent: [Int] = []
    }

    private let state = Locked(State())

    func begin(_ value: Int) {
        let count = state.withLock { state in
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
            state.sent.append(value)
            return state.sent.count
        }
        if count == 1 {
            firstBegan.thread.signal()
            firstBegan.task.open()
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
/// `sendTime` per value. Both sides let the first send begin before the second value comes, as
/// an app makes its conflator before the values flow: a modern conflator's drain task may not
/// wait yet right after it is made (see the article).
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
            if value == 1 { sink.firstBegan.thread.wait() }
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
        conflator.submit(value)
        if value == 1 { await sink.firstBegan.task.wait() }
    }
    await conflator.finish()
    sink.report(context)
}
