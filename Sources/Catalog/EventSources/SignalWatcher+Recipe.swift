import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchSourceSignal = Recipe(
        id: "dispatch-source-signal",
        title: "Handle a Unix signal on a queue",
        chapter: .eventSources,
        sources: [
            "Seen in real code wherever a process handles Unix signals; the Read-And-Learn wiki page \"iOS并发编程\" shows process, vnode, read and timer sources, never a signal source"
        ],
        file: "EventSources/SignalWatcher.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeSignalSource(signal:queue:) (DISPATCH_SOURCE_TYPE_SIGNAL), after signal(SIGUSR2, SIG_IGN)",
                "the same source feeding an `AsyncStream<UInt>`: there is no pure-concurrency signal API"
            ),
            APIMapping(
                "setEventHandler reading source.data",
                "`for await count in signals`"
            ),
            APIMapping(
                "setRegistrationHandler before DispatchSource.resume()",
                "`await` inside `signals(_:)`: it returns once the source is registered"
            ),
            APIMapping(
                "DispatchSource.cancel()",
                "cancel the consuming task (or leave the loop); `onTermination` cancels the source"
            ),
        ],
        problem:
            "Handle a Unix signal (SIGTERM for a graceful shutdown, SIGUSR1/2 to reload or dump state) as an ordinary event, instead of inside a signal handler that may call only async-signal-safe functions.",
        changes: [
            "A signal source turns the signal into a block on a queue, where logging, locks and allocation are allowed. The Modern side keeps that source, because Swift concurrency has no signal API, and yields `source.data` into an `AsyncStream`; the reader writes `for await count in signals`.",
            "Both sides send a real SIGUSR2 to their own process (`kill(getpid(), SIGUSR2)`) three times, each once the previous one was handled, so each event counts 1. Each side runs in a child process (`compare --demo dispatch-source-signal main legacy|modern`): signal dispositions are process-wide, and the test runner's own signal handling must never change.",
            "Legacy waits for `setRegistrationHandler` before sending the first signal; the Modern `signals(_:)` awaits the registration itself and returns only then, so no caller can send too early.",
            "The Legacy side stops with `source.cancel()` and waits for the cancel handler; the Modern side cancels the consuming task, and the stream's `onTermination` cancels the source. Both log `stopped handling SIGUSR2` only after the cancel handler ran.",
        ],
        pitfalls: [
            "Ignore the signal first (`signal(SIGUSR2, SIG_IGN)`). The source only observes the signal; until it is registered the default action applies, and for SIGUSR2 or SIGTERM that terminates the process.",
            "A signal sent after `SIG_IGN` but before the source is registered is discarded. `resume()` registers the source asynchronously, so wait for the registration handler before relying on it.",
            "Signals coalesce: two SIGUSR2 sent before the handler runs arrive as one event with `data == 2`. Count `data`, not handler calls.",
            "Signals are process-wide: two sources (or a source and a `sigaction` handler) for one signal in one process step on each other. Keep tests that send signals in a child process, or at least serialized.",
            "After the source is cancelled the signal stays ignored; restore `SIG_DFL` yourself if the process should die of it again.",
        ],
        platformNotes: [
            "**Linux**: libdispatch installs its own `sigaction` handler and reads the signal through a `signalfd`, so a handler installed earlier stops being called.",
        ],
        annotations: [
            "`registered`, `cancelled`, `handler` and `log` are `@escaping @Sendable`: they run on the source's queue.",
            "Modern: `@preconcurrency import Dispatch`. A dispatch source may be cancelled from any thread, but its protocols are not marked `Sendable`, and `onTermination` (a `@Sendable` closure) must capture the source to cancel it.",
        ],
        differences: [
            "The Modern `signals(_:)` returns only once the source is registered; the Legacy caller must wait for the registration handler itself. Both sides' children log the same transcript and exit 0 (`SignalWatcherTests.eachSideHandlesThreeSignalsInAChildProcess`).",
            "Cancelling the Modern consumer's task cancels the source, whose cancel handler runs before `stopped handling SIGUSR2` is logged (`SignalWatcherTests.modernCancellingTheConsumerCancelsTheSource`).",
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `SignalWatcher.signals` would set up the source and wait for its registration on the main actor; `nonisolated` keeps it on the caller's executor.",
        replaces: [.signalSource, .sourceHandlers],
        scenarios: [
            Scenario(
                rules: [.exact, .subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.SignalWatcher.sendAndHandle(times: 3, log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.SignalWatcher.sendAndHandle(times: 3, log: log)
                    })
            )
        ]
    )
}
