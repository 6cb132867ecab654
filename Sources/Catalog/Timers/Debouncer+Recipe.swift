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
        prose: Articles.recipe("debounce"),
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
