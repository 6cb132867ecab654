import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let valueClient = Recipe(
        id: "sync-wait-for-callback",
        title: "Blocking a caller until a callback fires",
        chapter: .bridging,
        sources: [
            "Seen in real code: AFNetworking AFNetworking/AFURLSessionManager.m (`dispatch_semaphore` around "
                + "`getTasksWithCompletionHandler:`); swiftlang/swift-package-manager "
                + "Sources/Basics/Concurrency/ConcurrencyHelpers.swift (`unsafe_await`)"
        ],
        file: "Bridging/ValueClient.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore(value: 0): the callback signals, the caller waits",
                "an `async` caller and `withCheckedContinuation`, resumed from the callback"),
            APIMapping(
                "DispatchSemaphore.wait() in a synchronous wrapper of a completion handler",
                "an `@available(*, noasync)` blocking shim, only at a synchronous entry point"),
        ],
        problem: """
            A caller needs the answer of a callback API before it can go on, so it blocks: \
            `DispatchSemaphore(value: 0)`, the callback stores the result and signals, the caller \
            waits and returns it. You have probably met this in AFNetworking's \
            `AFURLSessionManager.m` (a semaphore around `getTasksWithCompletionHandler:`) or in \
            SwiftPM's `unsafe_await` (`Sources/Basics/Concurrency/ConcurrencyHelpers.swift`).
            """,
        changes: [
            """
            The caller becomes `async` and awaits `withCheckedContinuation`, resumed from the \
            callback: it suspends instead of blocking a thread, and the result comes back as the \
            return value, so the box and its `@unchecked Sendable` go. Both forms return the same \
            value (`ValueClientTests.bothFormsReturnTheSameValue`). This is the client side of \
            `async-api-completion-queue`: there the API itself becomes `async`; here it stays a \
            callback API and the caller adapts.
            """,
            """
            A blocking shim stays only where a synchronous entry point can't become `async` (a \
            C callback, a synchronous protocol requirement, a tool's `main`): \
            `blockingValue(for:)` starts a task, waits on a semaphore and returns its result \
            through a `Mutex`. It is `@available(*, noasync)`, so in Swift 6 a call from async \
            code is an error: "instance method 'blockingValue' is unavailable from asynchronous \
            contexts; blocks the thread; await value(for:)". The check is not transitive: a synchronous function that \
            calls the shim can still be called from a task, and then it blocks a pool thread.
            """,
            """
            Waiting on the main thread for a callback delivered on the main queue hangs: the \
            main queue runs only when the main thread is free, and the main thread is waiting \
            for it. The modern caller, on the main actor, awaits instead; the main actor is \
            free while it is suspended, so the callback runs and the value arrives \
            (`ValueClientTests.waitingOnMainHangsAwaitingOnMainFinishes`, in child processes).
            """,
        ],
        pitfalls: [
            """
            Never `wait()` on a semaphore inside a task, or call a blocking shim from one through \
            a synchronous helper: the pool has as many threads as cores (2 on CI), and when all \
            of them wait for work that needs a pool thread, nothing runs again \
            (`semaphore-in-async-starvation`). The compiler flags `NSLock.lock()` and \
            `Thread.sleep` in async code, but not `DispatchSemaphore.wait()`.
            """,
            """
            A continuation must be resumed exactly once on every path. Resumed twice, a checked \
            continuation traps; never resumed, the caller waits forever and the runtime prints \
            "leaked its continuation" when the continuation is freed. A callback API that can \
            fail must resume on its failure path too (`withCheckedThrowingContinuation`).
            """,
            """
            Neither form is cancellable: the callback API has no way to call the work off, so a \
            cancelled caller still waits for, and gets, its value \
            (`ValueClientTests.aCancelledCallerStillGetsItsValue`). If the API can cancel, wrap \
            the continuation in `withTaskCancellationHandler` and cancel the request there (it \
            must still call back, once).
            """,
            """
            A legacy wait with a timeout (`done.wait(timeout:)`) returns while the callback may \
            still write into the box later. The modern timeout is a race between the awaited \
            call and a `Task.sleep` (`connect-timeout`).
            """,
            """
            Some synchronous code must answer *now* (a `hitTest`-style override, a delegate \
            method whose return value is read at once) and spins a run loop or waits for a \
            callback. That has no `async` answer: compute the answer asynchronously before it is \
            asked, keep it, and let the synchronous method read what is kept.
            """,
        ],
        annotations: [
            """
            Legacy: the result box is `@unchecked Sendable`, because the callback writes it on \
            another thread; the semaphore orders that write before the caller's read. The \
            completion handler is `@escaping @Sendable`. Modern: the shim's result travels in a \
            `Mutex` inside a `Sendable` class, so nothing is `@unchecked`.
            """
        ],
        differences: [
            """
            Under load both forms give each caller its own value, exactly once: 300 threads \
            calling the blocking wrapper (legacy) or the `noasync` shim (modern), and 300 tasks \
            awaiting the async form (`ValueClientTests.everyCallerGetsItsOwnValueOnce`). The \
            blocking forms hold a thread per waiting caller; the async form holds none while it \
            waits.
            """,
            """
            On the main thread, the legacy wait for a main-queue callback hangs (the child \
            process is killed at the timeout after its first line); the modern `@MainActor` \
            caller gets its value (`ValueClientTests.waitingOnMainHangsAwaitingOnMainFinishes`).
            """,
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `ValueService`, `ValueClient` and `Handoff` would land on the main actor, so `blockingValue` could be called only on the main thread, where its task, inheriting the main actor, could never run while the semaphore waits; `nonisolated` keeps `value(for:)` on the caller's executor and the shim's task off the main actor.",
        replaces: [.semaphoreAsSignal, .semaphoreWait, .semaphoreSignal, .semaphore],
        scenarios: [
            Scenario(
                "async caller",
                rules: [.exact],
                legacy: legacySide,
                modern: { context in
                    let client = Modern.ValueClient(
                        service: Modern.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
                    await Modern.ValueClient.demo(client, key: 12, log: context.log)
                }
            ),
            Scenario(
                "noasync blocking shim",
                rules: [.exact],
                legacy: legacySide,
                modern: { context in
                    let client = Modern.ValueClient(
                        service: Modern.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
                    let log = context.log
                    await onOwnThread { Modern.ValueClient.demoBlocking(client, key: 12, log: log) }
                }
            ),
            Scenario(
                "waiting on main for a main-queue callback",
                rules: [.subprocessDemo(legacy: .hangs, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.ValueClient.waitOnMainForMainQueueCallback(log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ValueClient.awaitOnMainForMainQueueCallback(log: log)
                    })
            ),
        ]
    )

    /// The legacy caller blocks, so it runs on a thread of its own; the callbacks come on a
    /// queue of their own.
    private static let legacySide: @Sendable (RunContext) async throws -> Void = { context in
        let client = Legacy.ValueClient(
            service: Legacy.ValueService(callbackQueue: DispatchQueue(label: "callbacks")))
        let log = context.log
        await onOwnThread { Legacy.ValueClient.demo(client, key: 12, log: log) }
    }
}
