import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let joinableThreadResult = Recipe(
        id: "pthread-joinable-result",
        title: "Joinable thread returns a result; join vs await",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Configuring Thread Attributes\" › \"Setting the Detached State of a Thread\""
        ],
        file: "Threads/JoinableThreadResult.swift",
        apis: [
            APIMapping("pthread_create (joinable by default)", "`Task {}`, its handle kept"),
            APIMapping("pthread_join(thread, &result)", "`await task.value`"),
            APIMapping("pthread_join's result: pthread_exit(value) or the routine's return", "the task closure's return value"),
            APIMapping(
                "pthread_create + pthread_join for workers joined before use",
                "`async let`, task groups: children end before their scope"
            ),
        ],
        problem: """
            A joinable thread computes a result (the sum 1…1000 = 500500) and hands it to the \
            thread that joins it; then two workers split the range and are both joined.
            """,
        changes: [
            """
            The routine's untyped return pointer (a box retained by the routine, released by the \
            joiner after a cast) becomes the task's typed value.
            """,
            """
            `pthread_join` blocks the joining thread until the worker has ended; \
            `await task.value` suspends the caller, and its thread serves other tasks meanwhile.
            """,
            """
            Two joinable workers joined in turn become two `async let` children. Forgetting a \
            join compiles and leaks the thread; an `async let` that the scope never awaits is \
            cancelled and awaited when the scope ends, so no child outlives it \
            (`JoinableThreadResultTests.modernUnawaitedAsyncLetIsCancelledAndAwaitedAtScopeExit`).
            """,
            """
            Every thread is joined before the scenario returns, so the process's thread count is \
            back where it was (`JoinableThreadResultTests.legacyJoinedThreadsLeaveNoThreadBehind`).
            """,
        ],
        pitfalls: [
            """
            Join every joinable thread exactly once, or detach it (`pthread_detach`): an ended, \
            unjoined thread keeps its stack and bookkeeping until the process ends, and joining \
            twice (or joining a detached thread) is undefined. A task can be awaited any number of \
            times, and one nobody awaits frees itself.
            """,
            """
            Returning from `main` (or calling `exit`) ends the process with its threads, joined or \
            not. Critical work must be awaited (or joined) \
            before that point: an un-awaited top-level `Task {}` is cut off like a thread.
            """,
            """
            `pthread_join` is a blocking wait: never call it from async code, or a cooperative \
            thread is stuck until the worker ends.
            """,
        ],
        annotations: [
            """
            `Box` is `Sendable` (immutable): it crosses the thread boundary as a raw pointer the \
            compiler cannot check, both ways, so the type must be safe to share by itself.
            """
        ],
        differences: [
            """
            What the starter leaves behind. A joinable thread runs on after the function that \
            started it has returned, and its result waits until someone joins it \
            (`JoinableThreadResultTests.legacyUnjoinedThreadRunsOnAndWaitsForItsJoin`). An \
            `async let` cannot be left behind: if the scope never awaits it, leaving the scope \
            cancels it and waits for it \
            (`JoinableThreadResultTests.modernUnawaitedAsyncLetIsCancelledAndAwaitedAtScopeExit`).
            """
        ],
        errata: [
            """
            *Threading Programming Guide*, "Setting the Detached State of a Thread": it says that \
            at application exit detached threads may be stopped at once but joinable ones cannot, \
            that every joinable thread must be joined before the process may exit, and so that \
            joinable threads suit critical work such as saving to disk. POSIX processes, and Linux \
            with glibc here, don't work that way: returning from `main` or calling `exit` ends \
            every thread, joinable or not, mid-write if need be. Critical work is protected by \
            joining (or awaiting) it before exiting, not by the thread's detach state.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `launchSum`'s task would inherit the main actor and `sumInTwoChildren` would run on it; `nonisolated` keeps the task off the main actor and the functions on the caller's executor.",
        replaces: [.pthreadCreate, .pthread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.JoinableThreadResult.run(upTo: 1000, log: context.log) }
                },
                modern: { context in
                    await Modern.JoinableThreadResult.run(upTo: 1000, log: context.log)
                }
            )
        ]
    )
}
