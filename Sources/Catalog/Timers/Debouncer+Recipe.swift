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
            "Deadlines are `ContinuousClock` instants instead of `DispatchTime`; the max-interval rule (`min(now + delay, burstStart + maxInterval)`) is the same on both sides. In the \"max interval\" scenario the searches for \"con\", \"concur\" and \"concurren\" run while the typing goes on: each comes 3 after its burst began, with 2 of the delay of 5 still to run.",
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
                legacy: { context in await legacySearchBox(context, bursts: swiftBurst, maxInterval: nil) },
                modern: { context in await modernSearchBox(context, bursts: swiftBurst, maxInterval: nil) }
            ),
            Scenario(
                "max interval",
                rules: [.exact, .invariant(["everySearchWaitedLongEnough"])],
                legacy: { context in
                    await legacySearchBox(
                        context, bursts: concurrencyBursts, maxInterval: context.pace(.seconds(3)))
                },
                modern: { context in
                    await modernSearchBox(
                        context, bursts: concurrencyBursts, maxInterval: context.pace(.seconds(3)))
                }
            ),
        ]
    )
}

/// Typing "swift" in one burst: the debouncer searches once, the delay after the last keystroke.
private let swiftBurst = [["s", "sw", "swi", "swif", "swift"]]

/// Typing "concurrency" three letters at a time, each burst as soon as the search after the one
/// before has run. With a max interval of 3 and a delay of 5, every search is the max interval's:
/// it comes 3 after a burst began, while the delay still has 2 to run, and the next burst follows
/// at once, so the typing never pauses for the delay.
private let concurrencyBursts = stride(from: 1, through: 11, by: 3).map { first in
    (first...min(first + 2, 11)).map { String("concurrency".prefix($0)) }
}

/// A fake search box: logs each keystroke and each search. The keystrokes of a burst are typed
/// in one turn of the main queue (main actor), where the debouncer also searches, so no search
/// can slip in between them however the machine stalls; the typist starts the next burst only
/// once the search has run. So the order of the lines doesn't depend on timing. It also checks
/// that no search came sooner than the debouncer allows: `delay` after the last keystroke, or
/// `maxInterval` after the first keystroke since the previous search.
private final class SearchBox: Sendable {
    private struct State {
        var lastKeystrokeAt = ContinuousClock.now
        var burstStartedAt: ContinuousClock.Instant?
        var everySearchWaited = true
    }

    private let state = Locked(State())
    private let delay: Duration
    private let maxInterval: Duration?
    private let log: @Sendable (String) -> Void
    private let searched = AsyncStream.makeStream(of: Void.self)

    init(delay: Duration, maxInterval: Duration?, log: @escaping @Sendable (String) -> Void) {
        self.delay = delay
        self.maxInterval = maxInterval
        self.log = log
    }

    var everySearchWaitedLongEnough: Bool { state.withLock { $0.everySearchWaited } }

    /// One element per search, for the typist to wait on.
    var searches: AsyncStream<Void> { searched.stream }

    func typed(_ text: String) {
        log("typed \"\(text)\"")
        state.withLock { state in
            state.lastKeystrokeAt = .now
            state.burstStartedAt = state.burstStartedAt ?? state.lastKeystrokeAt
        }
    }

    func search(_ text: String) {
        state.withLock { state in
            var due = state.lastKeystrokeAt + delay
            if let maxInterval, let burstStartedAt = state.burstStartedAt {
                due = min(due, burstStartedAt + maxInterval)
            }
            state.everySearchWaited = state.everySearchWaited && ContinuousClock.now >= due
            state.burstStartedAt = nil
        }
        log("search \"\(text)\"")
        searched.continuation.yield()
    }
}

/// The legacy typist: each burst is one block on the main queue.
private func legacySearchBox(_ context: RunContext, bursts: [[String]], maxInterval: Duration?) async {
    let delay = context.pace(.seconds(5))
    let box = SearchBox(delay: delay, maxInterval: maxInterval, log: context.log)
    let debouncer = Legacy.Debouncer<String>(delay: delay, maxInterval: maxInterval) { box.search($0) }
    var searches = box.searches.makeAsyncIterator()
    for burst in bursts {
        DispatchQueue.main.async {
            for text in burst {
                box.typed(text)
                debouncer.call(text)
            }
        }
        _ = await searches.next()
    }
    extendLifetime(debouncer)
    context.record("everySearchWaitedLongEnough", box.everySearchWaitedLongEnough)
}

/// The modern typist: a main-actor loop that types each burst without suspending.
@MainActor
private func modernSearchBox(_ context: RunContext, bursts: [[String]], maxInterval: Duration?) async {
    let delay = context.pace(.seconds(5))
    let box = SearchBox(delay: delay, maxInterval: maxInterval, log: context.log)
    let debouncer = Modern.Debouncer<String>(delay: delay, maxInterval: maxInterval) { box.search($0) }
    var searches = box.searches.makeAsyncIterator()
    for burst in bursts {
        for text in burst {
            box.typed(text)
            debouncer.call(text)
        }
        _ = await searches.next()
    }
    extendLifetime(debouncer)
    context.record("everySearchWaitedLongEnough", box.everySearchWaitedLongEnough)
}
