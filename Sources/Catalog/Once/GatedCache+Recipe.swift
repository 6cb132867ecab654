import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let asyncInitGate = Recipe(
        id: "async-init-gate",
        title: "Every caller waits until a background initialisation is done",
        chapter: .once,
        sources: [
            "Seen in real code: pinterest/PINCache Source/PINDiskCache.m (`NSConditionLock`, NotReady → Ready)"
        ],
        file: "Once/GatedCache.swift",
        apis: [
            APIMapping(
                "NSConditionLock held in \"not ready\" by a background initialiser (unlock(withCondition: ready))",
                "a `Task` started in `init` and stored by the actor"),
            APIMapping(
                "NSConditionLock.lock(whenCondition: ready) in every accessor (lock(whenCondition:before:) on Linux)",
                "`await initialisation.value` at the top of every actor method"),
        ],
        problem: """
            A cache starts loading its index in the background the moment it is created, and \
            every accessor must wait until that is done, then see the loaded state; the loading \
            runs exactly once however many callers arrive during it. You have probably met this in \
            PINCache: `PINDiskCache` creates an `NSConditionLock` with condition \
            `PINDiskCacheConditionNotReady`, its initialiser unlocks it with \
            `PINDiskCacheConditionReady`, and every accessor calls `lockWhenCondition:Ready`.
            """,
        changes: [
            """
            The condition lock becomes an actor that stores the initialisation `Task` it started \
            in `init`; every method first awaits its value. Ten accessors started during a held \
            initialisation all finish after `init done` and see the loaded state, and the \
            initialisation runs once, on both sides; so do 300 accessors \
            (`GatedCacheTests.tenAccessorsFinishAfterInitDone`, \
            `GatedCacheTests.hundredsOfAccessorsShareOneInitialisation`).
            """,
            """
            A waiting legacy accessor parks its thread (300 accessors are 300 parked threads); a \
            modern one is a suspended task. After the initialisation the legacy lock stays a \
            mutex: accessors, readers included, take turns. The actor serialises them too, but \
            without blocking a thread.
            """,
            """
            Cancellation: awaiting a task's `value` does not observe the waiter's cancellation. A \
            cancelled accessor keeps waiting and then gets the value, and cancelling accessors \
            neither cancels nor repeats the shared initialisation \
            (`GatedCacheTests.modernCancelledAccessorsNeitherCancelNorRepeatTheInitialisation`): \
            with 100 of 200 accessors cancelled during the gate, all 200 get the value, the \
            initialisation runs once and is not cancelled, and the cache answers afterwards. To \
            let a waiter leave early, keep a continuation per waiter and withdraw it on \
            cancellation, as `wait-for-state` does. Fairness: once the initialisation is done, \
            the waiters resume in no promised order.
            """,
        ],
        pitfalls: [
            """
            Re-check after the `await`. The actor lets other callers in while one awaits the \
            initialisation, so the first caller back installs the result and a later one must \
            not install it again over changes made since \
            (`GatedCacheTests.modernASetDuringTheGateIsNotOverwritten`).
            """,
            """
            The initialisation `Task` is unstructured: it runs to the end even if the cache is \
            released first, and nothing cancels it. If the load can fail, make it a \
            `Task<…, any Error>` and decide whether a failure is remembered (every later call \
            fails) or retried.
            """,
            """
            On the legacy side, the initialiser must take the lock inside the background block, \
            before doing the work, and the accessors must use `lock(whenCondition:)`, never plain \
            `lock()`: a plain `lock()` takes the lock in any condition, and an early caller would \
            read the empty state. `lock(whenCondition:)` is unavailable in async code (`noasync`).
            """,
        ],
        platformNotes: [
            """
            **Linux**: `lock(whenCondition:)` traps (SIGILL) as soon as it has to wait: it waits \
            until `Date.distantFuture`, and corelibs Foundation overflows converting that date to \
            nanoseconds (see `condition-lock-alternation`). The legacy accessors therefore wait \
            with `lock(whenCondition:before:)` and a finite deadline, in a loop.
            """,
            """
            **Darwin**: the plain `lock(whenCondition:)` works; PINCache runs there.
            """,
        ],
        annotations: [
            """
            `GatedCache` (legacy) is `@unchecked Sendable`: `entries` is only touched while \
            holding `gate`, first by the initialiser (condition not ready), then by accessors \
            (condition ready). The driver's `Counts` is `@unchecked Sendable` with an `NSLock`.
            """,
            "The initialiser's `load` closure is `@escaping @Sendable`: it runs on a global queue.",
        ],
        differences: [
            """
            A legacy accessor parks a thread and cannot be cancelled; a cancelled modern accessor \
            keeps waiting (suspended, not blocking) and still gets the value \
            (`GatedCacheTests.modernCancelledAccessorsNeitherCancelNorRepeatTheInitialisation`); \
            a legacy accessor's only way out is a deadline \
            (`GatedCacheTests.legacyAccessorWithADeadlineGivesUpWhileNotReady`).
            """
        ],
        replaces: [.conditionLock],
        scenarios: [
            Scenario(
                "10 accessors during a gated initialisation",
                rules: [
                    .partialOrder([
                        OrderConstraint(.line("init started"), before: .line("init done")),
                        OrderConstraint(.line("init done"), before: .prefix("accessor ")),
                    ]),
                    .invariant(["initialisations", "sawLoaded"]),
                ],
                legacy: { context in
                    let log = context.log
                    let counts = await onOwnThread { Legacy.GatedCache.run(accessors: 10, log: log) }
                    context.record("initialisations", counts.initialisations)
                    context.record("sawLoaded", counts.sawLoaded)
                },
                modern: { context in
                    let counts = await Modern.GatedCache.run(accessors: 10, log: context.log)
                    context.record("initialisations", counts.initialisations)
                    context.record("sawLoaded", counts.sawLoaded)
                }
            )
        ]
    )
}
