import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let debounce = Recipe(
        id: "debounce",
        title: "Cancel and reschedule: only the last trigger fires",
        chapter: .timers,
        sources: [
            "Seen in real code: anyproto/anytype-swift Anytype/Sources/Helpers/Debouncer.swift; Ranchero-Software/NetNewsWire Modules/RSCore/Sources/RSCore/Shared/CoalescingQueue.swift"
        ],
        file: "Timers/Debouncer.swift",
        apis: [
            APIMapping("DispatchWorkItem.cancel() + asyncAfter to debounce", "cancel-and-replace a sleeping `Task`"),
            APIMapping("DispatchTime.now()", "`ContinuousClock.now`"),
        ],
        problem:
            "React to a burst of events (keystrokes in a search box) once, with the last value, after the burst has paused; and, optionally, at least every so often while a burst goes on.",
        changes: [
            "The pending `DispatchWorkItem` becomes the pending `Task`; `item.cancel()` + `asyncAfter` becomes `task.cancel()` + a new task that sleeps until the deadline first.",
            "The main queue that serialized calls and the action becomes `@MainActor` on the class: its tasks inherit the main actor, so the state needs no lock and the action runs on main.",
            "A cancelled work item that hasn't started is skipped by its queue. A cancelled task wakes at once with `CancellationError`; it must also check `Task.isCancelled` after the sleep, because a call can land between the end of the sleep and the task getting the main actor back.",
            "Deadlines are `ContinuousClock` instants instead of `DispatchTime`; the max-interval rule (`min(now + delay, burstStart + maxInterval)`) is the same on both sides.",
        ],
        pitfalls: [
            "`try? await Task.sleep(…)` swallows the cancellation: every replaced task wakes at once and runs the action with its stale argument. That is the classic modern debounce bug (`DebouncerTests.trySleepSwallowsCancellation`).",
            "Without the check after the sleep, a call that arrives just as the old sleep ends lets both the old and the new argument through.",
            "An `actor` debouncer is tempting but turns every call into `await debouncer.call(x)`; called from synchronous UI code as `Task { await debouncer.call(x) }`, the calls lose their order. Isolate it to the actor the events come from (`@MainActor` here).",
            "Debounce is not throttle: a debounced action never runs while the events keep coming, unless you set a max interval (see `throttle-latest`).",
            "Capture `self` weakly in the pending work, and cancel it when the owner goes away (`deinit`, `isolated deinit`), or a dismissed screen still runs its search.",
        ],
        annotations: [
            "`Debouncer` is `@unchecked Sendable`: `pending` and `burstStart` are only touched on its serial `queue`, and `call` checks that with `dispatchPrecondition`.",
            "`action` is `@escaping @Sendable`: it runs later, on the queue. The work item's closure is written in nonisolated code.",
        ],
        replaces: [.workItemCancel, .workItem, .asyncAfter],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["everySearchWaitedLongEnough"])],
                legacy: { context in
                    try await legacySearchBox(
                        context, keystrokes: ["s", "sw", "swi", "swif", "swift"], maxInterval: nil)
                },
                modern: { context in
                    try await modernSearchBox(
                        context, keystrokes: ["s", "sw", "swi", "swif", "swift"], maxInterval: nil)
                }
            ),
            Scenario(
                "max interval",
                rules: [.exact, .invariant(["everySearchWaitedLongEnough"])],
                legacy: { context in
                    try await legacySearchBox(
                        context, keystrokes: concurrencyKeystrokes, maxInterval: context.pace(.seconds(3)))
                },
                modern: { context in
                    try await modernSearchBox(
                        context, keystrokes: concurrencyKeystrokes, maxInterval: context.pace(.seconds(3)))
                }
            ),
        ]
    )
}

/// Typing "concurrency", one letter at a time: 10 intervals long, so a max interval of 3 normally
/// flushes during the burst (the searches made while typing are not logged; see `typed`).
private let concurrencyKeystrokes = (1...11).map { String("concurrency".prefix($0)) }

/// A fake search box: logs each keystroke, and logs the search
/// after the last keystroke. Keystrokes and searches happen on the main queue or main actor, one
/// at a time, so the order of its lines doesn't depend on timing. It also checks that no search
/// came sooner than the debouncer allows: `delay` after the last keystroke, or `maxInterval`
/// after the first keystroke since the previous search.
private final class SearchBox: Sendable {
    private struct State {
        var typing = true
        var lastKeystrokeAt = ContinuousClock.now
        var burstStartedAt: ContinuousClock.Instant?
        var everySearchWaited = true
    }

    private let state = Locked(State())
    private let delay: Duration
    private let maxInterval: Duration?
    private let log: @Sendable (String) -> Void
    private let finalSearch = AsyncStream.makeStream(of: Void.self)

    init(delay: Duration, maxInterval: Duration?, log: @escaping @Sendable (String) -> Void) {
        self.delay = delay
        self.maxInterval = maxInterval
        self.log = log
    }

    var everySearchWaitedLongEnough: Bool { state.withLock { $0.everySearchWaited } }

    func typed(_ text: String, isLast: Bool) {
        log("typed \"\(text)\"")
        // Whether the max interval flushed during the burst depends on how promptly the main
        // queue runs the keystrokes, so it is not logged here: `DebouncerTests` asserts it.
        state.withLock { state in
            state.lastKeystrokeAt = .now
            state.burstStartedAt = state.burstStartedAt ?? state.lastKeystrokeAt
            state.typing = !isLast
        }
    }

    func search(_ text: String) {
        let isFinal = state.withLock { state in
            var due = state.lastKeystrokeAt + delay
            if let maxInterval, let burstStartedAt = state.burstStartedAt {
                due = min(due, burstStartedAt + maxInterval)
            }
            state.everySearchWaited = state.everySearchWaited && ContinuousClock.now >= due
            state.burstStartedAt = nil
            return !state.typing
        }
        guard isFinal else { return }
        log("search \"\(text)\"")
        finalSearch.continuation.yield()
    }

    /// Waits for the search after the last keystroke.
    func searchAfterTyping() async {
        for await _ in finalSearch.stream { return }
    }
}

/// The legacy typist: every keystroke is scheduled up front on the main queue, one interval apart.
private func legacySearchBox(_ context: RunContext, keystrokes: [String], maxInterval: Duration?) async throws {
    let (interval, delay) = (context.pace(.seconds(1)), context.pace(.seconds(5)))
    let box = SearchBox(delay: delay, maxInterval: maxInterval, log: context.log)
    let debouncer = Legacy.Debouncer<String>(delay: delay, maxInterval: maxInterval) { box.search($0) }
    let start = DispatchTime.now()
    for (index, text) in keystrokes.enumerated() {
        DispatchQueue.main.asyncAfter(deadline: start + Double(index) * (interval / .seconds(1))) {
            box.typed(text, isLast: index == keystrokes.count - 1)
            debouncer.call(text)
        }
    }
    await box.searchAfterTyping()
    extendLifetime(debouncer)
    context.record("everySearchWaitedLongEnough", box.everySearchWaitedLongEnough)
}

/// The modern typist: a main-actor loop that sleeps until each keystroke's deadline.
@MainActor
private func modernSearchBox(_ context: RunContext, keystrokes: [String], maxInterval: Duration?) async throws {
    let (interval, delay) = (context.pace(.seconds(1)), context.pace(.seconds(5)))
    let box = SearchBox(delay: delay, maxInterval: maxInterval, log: context.log)
    let debouncer = Modern.Debouncer<String>(delay: delay, maxInterval: maxInterval) { box.search($0) }
    let start = ContinuousClock.now
    for (index, text) in keystrokes.enumerated() {
        try await Task.sleep(until: start + interval * index)
        box.typed(text, isLast: index == keystrokes.count - 1)
        debouncer.call(text)
    }
    await box.searchAfterTyping()
    extendLifetime(debouncer)
    context.record("everySearchWaitedLongEnough", box.everySearchWaitedLongEnough)
}
