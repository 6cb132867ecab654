import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let detachedThreadLaunch = Recipe(
        id: "pthread-launch-detached",
        title: "`pthread_create` with the DETACHED attribute",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating a Thread\" › \"Using POSIX Threads\" (`LaunchThread`, `PosixThreadMainRoutine`)"
        ],
        file: "Threads/DetachedThreadLaunch.swift",
        apis: [
            APIMapping(
                "pthread_attr_setdetachstate(PTHREAD_CREATE_DETACHED) + pthread_create",
                "`Task.detached {}`, its handle kept"
            ),
            APIMapping("pthread_create's context pointer (Unmanaged.passRetained)", "the task closure's captures"),
            APIMapping(
                "DispatchSemaphore signalled last by the detached thread",
                "`await task.value`"
            ),
        ],
        problem: """
            Start a detached POSIX thread with a payload (21) and get its result (`result = 42`) \
            back, although a detached thread cannot be joined.
            """,
        changes: [
            """
            The attribute object, `PTHREAD_CREATE_DETACHED`, `pthread_create` and the checks of \
            four return values become `Task.detached { … }`. Creating a task cannot fail; \
            `pthread_create` can (`EAGAIN` when the process is out of threads), and the classic \
            `LaunchThread`'s error branch is a comment.
            """,
            """
            The C start routine captures nothing, so the payload travels as an opaque pointer to \
            an object retained once and released by the routine (and by the launcher if the \
            thread was never created). The task's closure captures the payload; there is no \
            reference counting by hand.
            """,
            """
            The way back: nobody can join a detached thread, so it reports through a callback that \
            stores the result and signals a semaphore, its last act; the launcher blocks on \
            `wait()`. The task's handle is the way back: `await task.value` suspends without \
            blocking a thread (`DetachedThreadLaunchTests.bothSidesReturnTheResult`).
            """,
            """
            No thread of its own: the task runs on the shared pool, so the process has no extra \
            thread to start or end, while the legacy thread is gone again once it has reported \
            (`DetachedThreadLaunchTests.legacyThreadHasEndedAfterItReported`).
            """,
        ],
        pitfalls: [
            """
            `Task.detached` is not a detached thread: it has a handle, and dropping the handle \
            neither cancels nor frees anything you need to manage. What it detaches from is the \
            caller's actor, priority and task-local values; inside async code, prefer calling a \
            `@concurrent` function or `async let`, which keep cancellation and priority flowing.
            """,
            """
            A detached thread's signal comes before its end: after `wait()` returns, the thread \
            still has to return from its routine. Nothing may run on it after the signal (not even \
            a log line), or the caller can see the result while the thread is still working. At \
            process exit, detached threads are simply stopped, with whatever they were doing.
            """,
            """
            Release the context if `pthread_create` fails: the routine that would have released it \
            never runs.
            """,
            """
            `LaunchThread` checks its return values with `assert`, which is compiled out of release \
            builds (`NDEBUG`): a failed `pthread_attr_*` call then goes unnoticed. Check with \
            code that stays (`precondition` here, or an error path).
            """,
        ],
        platformNotes: [
            """
            **Linux**: `pthread_t` is an integer, so `var id = pthread_t()` compiles only here \
            (`#if os(Linux)` if the file must build on both).
            """,
            """
            **Darwin**: `pthread_t` is an optional pointer.
            """,
        ],
        annotations: [
            """
            The context class is `Sendable` (immutable, with a `@Sendable` callback): it crosses \
            to the new thread as a raw pointer, which the compiler cannot check, so the type must \
            be safe to share by itself.
            """,
            """
            `ResultSlot` is `@unchecked Sendable`: its one variable is guarded by an `NSLock` \
            (the semaphore also orders the write before the read, but the lock says so in code).
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `launchTask` could be called only from the main actor and `computeInDetachedTask` would run on it; `nonisolated` keeps both on the caller's executor, with the work in its detached task either way.",
        replaces: [.pthreadCreate, .pthread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.DetachedThreadLaunch.run(payload: 21, log: context.log) }
                },
                modern: { context in
                    await Modern.DetachedThreadLaunch.run(payload: 21, log: context.log)
                }
            )
        ]
    )
}
