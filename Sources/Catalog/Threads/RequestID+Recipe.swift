import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let requestID = Recipe(
        id: "thread-local-storage",
        title: "`threadDictionary` / `pthread_key` → `@TaskLocal`",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Configuring Thread Attributes\" › \"Configuring Thread-Local Storage\""
        ],
        file: "Threads/RequestID.swift",
        apis: [
            APIMapping("Thread.threadDictionary (`Thread.current.threadDictionary[key]`)", "`@TaskLocal static var`, bound with `$value.withValue(_:)`"),
            APIMapping(
                "pthread_key_create + pthread_setspecific / pthread_getspecific",
                "`@TaskLocal` (one store; no key, no destructor)"
            ),
        ],
        problem: """
            Keep a request id (`"r-0"`…`"r-3"`) where code deep in the call chain can read it without \
            a parameter, while four requests are handled at once.
            """,
        changes: [
            """
            Where the value lives: a thread's dictionary (or its POSIX key slot) belongs to the \
            thread, and every thread reads only its own \
            (`RequestIDTests.legacyValuesArePerThread`, with all four threads alive at once). A \
            `@TaskLocal` belongs to the task and its scope: each child task binds its own id, and \
            the value follows the task across suspensions and executors \
            (`RequestIDTests.modernValueFollowsTheTaskAcrossAnActorHop`).
            """,
            """
            Storing becomes binding: `threadDictionary[key] = id` stays until someone removes it, \
            `pthread_setspecific` until the thread ends (the key's destructor frees it); \
            `$current.withValue(id) { … }` binds for the closure, the value can't be changed \
            inside it, and it is gone afterwards.
            """,
            """
            Two stores that must not be mixed (as the *Threading Programming Guide* warns) become \
            one: a value stored with \
            `pthread_setspecific` is not in the thread dictionary, nor the reverse \
            (`RequestIDTests.legacyStoresAreSeparate`).
            """,
            """
            The four handler threads are joined with a `DispatchGroup` they leave as their last \
            act, so none outlives the run (`RequestIDTests.legacyThreadsHaveEndedAfterHandling`); \
            the task group cannot return before its children.
            """,
        ],
        pitfalls: [
            """
            Thread-locals are meaningless in async code: after any `await` a task may resume on \
            another thread, with another thread's dictionary, and other tasks run on the thread \
            it left. Never read `Thread.current` state from async code (Swift 6 makes \
            `Thread.current` unavailable there for this reason).
            """,
            """
            A `@TaskLocal` is not a thread dictionary: it does not reach a `Thread`, a \
            `DispatchQueue.async` closure or any other callback that is not a task started in the \
            scope (`RequestIDTests.taskLocalDoesNotReachAThreadStartedInside`). Pass the value \
            explicitly into such code.
            """,
            """
            Task-locals are scoped, immutable bindings, not a mutable scratchpad. For state that \
            work accumulates, pass a value or use an actor; bind a task-local for context that \
            callers set (request ids, tracing spans, a test's configuration).
            """,
            """
            `Task.detached` starts with every task-local at its default; `Task {}` copies the \
            current bindings, and child tasks see them \
            (`RequestIDTests.modernChildTasksInheritDetachedAndUnrelatedTasksDoNot`).
            """,
        ],
        annotations: [
            """
            `Box` is `Sendable` (immutable): it is stored behind the POSIX key as a raw pointer \
            the compiler cannot check.
            """,
            """
            `Seen` is `@unchecked Sendable`: its one variable is written by a thread before it \
            signals (or leaves the group) and read after the wait, which orders the accesses.
            """,
        ],
        differences: [
            """
            What new work inherits. A thread started by a thread that stored `"r-1"` starts with an \
            empty dictionary and reads `"none"` \
            (`RequestIDTests.legacyNewThreadStartsWithAnEmptyDictionary`). A child task and a \
            `Task {}` started inside `withValue("r-1")` read `"r-1"`; a `Task.detached`, and a task \
            started elsewhere while the binding is active, read `"none"` \
            (`RequestIDTests.modernChildTasksInheritDetachedAndUnrelatedTasksDoNot`).
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `RequestID.current` would be main-actor-isolated, so a detached task could not read it; `nonisolated` keeps the task-local readable from any task.",
        replaces: [.threadDictionary, .thread, .pthread],
        scenarios: [
            Scenario(
                "thread dictionary",
                rules: [.multiset],
                legacy: { context in
                    await onOwnThread { Legacy.RequestID.runWithThreadDictionary(log: context.log) }
                },
                modern: { context in
                    await Modern.RequestID.runWithTaskLocal(log: context.log)
                }
            ),
            Scenario(
                "pthread key",
                rules: [.multiset],
                legacy: { context in
                    await onOwnThread { Legacy.RequestID.runWithPOSIXKey(log: context.log) }
                },
                modern: { context in
                    await Modern.RequestID.runWithTaskLocal(log: context.log)
                }
            ),
            Scenario(
                "inheritance",
                rules: [.invariant(["bound"])],
                legacy: { context in
                    let bound = await onOwnThread { Legacy.RequestID.runNewThreadFromBoundThread(log: context.log) }
                    context.record("bound", bound)
                },
                modern: { context in
                    let bound = await Modern.RequestID.runNewTasksFromBoundTask(log: context.log)
                    context.record("bound", bound)
                }
            ),
        ]
    )
}
