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
        prose: Articles.recipe("dispatch-source-signal"),
        isBridging: true,
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
