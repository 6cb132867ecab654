import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let runLoopWorkerThread = Recipe(
        id: "run-loop-worker-thread",
        title: "A thread with a run loop serving posted requests",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Writing Your Thread Entry Routine\" › \"Setting Up a Run Loop\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its run loop notes (a secondary thread's run loop needs an input source) and the `performSelector:onThread:withObject:waitUntilDone:` comment in its `NSThread` download example",
        ],
        file: "Threads/RunLoopWorker.swift",
        apis: [
            APIMapping(
                "RunLoop.current.run(mode:before:) on a worker Thread kept alive by a Timer",
                "a task consuming an `AsyncStream` of requests (`for await`)"
            ),
            APIMapping(
                "performSelector(_:on:with:waitUntilDone: false) → CFRunLoopPerformBlock + CFRunLoopWakeUp",
                "`continuation.yield(request)`"
            ),
            APIMapping(
                "performSelector(_:on:with:waitUntilDone: true) → perform + DispatchSemaphore",
                "`await` a continuation the request resumes"
            ),
            APIMapping(
                "CFRunLoopStop + an exit flag set by a posted block",
                "`continuation.finish()`, then `await task.value`"
            ),
            APIMapping(
                "CFRunLoopAddSource on a hosting thread; the callback runs there",
                "no direct equivalent: the same hosting thread, its callback feeding an `AsyncStream`"
            ),
        ],
        problem: """
            Keep a long-lived worker that runs requests posted from other threads, one at a time \
            and in order, until it is told to stop; and host a system source that delivers its \
            callbacks only through a run loop.
            """,
        changes: [
            """
            The thread, its keep-alive timer and its run loop become a task whose body is \
            `for await request in stream`. Posting is `continuation.yield`, which never blocks and \
            needs no wake-up; stopping is `continuation.finish()` and `await task.value`. Both run \
            the requests strictly in posting order \
            (`RunLoopWorkerTests.bothRunRequestsInPostingOrder`).
            """,
            """
            `waitUntilDone: YES` (a performed block plus a semaphore the caller blocks on) becomes \
            a continuation the request resumes: the caller suspends instead of blocking a thread.
            """,
            """
            What has no task equivalent, honestly: a C API that delivers events only through a \
            run-loop source (`CGEventTap`, `AXObserver`, a `CFMachPort`) still needs a thread \
            running a run loop. The modern side keeps that thread, small, and turns each callback \
            into an element of an `AsyncStream`, so the code that handles events is async and \
            runs where the consumer runs. The stream finishes when the thread has ended. Prefer a \
            queue-based variant of the API where there is one.
            """,
            """
            Run-loop spinning inside a synchronous override that must answer now (`hitTest`-style \
            code) has no async answer: compute the answer ahead of time (`sync-wait-for-callback`).
            """,
        ],
        pitfalls: [
            """
            An actor is not a FIFO queue: calls from different tasks arrive in any order, and a \
            method that awaits lets the next call in (`actor-reentrancy`). For strict order, \
            consume a stream (`RunLoopWorkerTests.modernRequestsRunOneAtATimeEvenWhenTheySuspend`).
            """,
            """
            A run loop with no source or timer returns from `run(mode:before:)` at once, with \
            `false` (`RunLoopWorkerTests.legacyRunLoopWithoutASourceReturnsAtOnce`): a worker \
            that forgets its keep-alive source spins or exits.
            """,
            """
            A performed block alone doesn't make `run(mode:before:)` return, and doesn't always \
            wake a sleeping loop on Linux: call `CFRunLoopWakeUp` after `CFRunLoopPerformBlock`, \
            and stop with `CFRunLoopStop` from inside the loop (a stop sent between two runs is \
            lost).
            """,
            """
            `RunLoop.current`, `run` and `Timer` are unavailable from async code: a run loop needs \
            a thread of its own.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `performSelector(_:on:…)` doesn't exist, and `RunLoop`'s CF run loop is \
            internal: keep `CFRunLoopGetCurrent()` (`import CoreFoundation`).
            """,
            """
            **Linux**: the main run loop doesn't run under an async `main` or Swift Testing.
            """,
        ],
        annotations: [
            """
            The legacy `RunLoopWorker` is `@unchecked Sendable`: its run loop is guarded by an \
            `NSLock`, and its stop flag and hosted sources are only touched on the worker thread \
            (the blocks that change them run there). `CFRunLoopPerformBlock` and \
            `CFRunLoopWakeUp` are safe to call from other threads.
            """,
            """
            The modern host keeps its `CFRunLoop` (not `Sendable`) inside a `Mutex` and uses it \
            only inside `withLock`, and its stop flag is an `Atomic`: no `@unchecked Sendable`. \
            Its file uses `Thread` and CoreFoundation because the C API demands them, so the \
            recipe is marked as bridging.
            """,
        ],
        differences: [
            """
            Where requests run: every legacy request runs on the worker thread, the same one each \
            time (`RunLoopWorkerTests.legacyRequestsRunOnTheWorkerThread`); the modern requests \
            have no thread of their own, only an order, which holds even when a request \
            suspends (`RunLoopWorkerTests.modernRequestsRunOneAtATimeEvenWhenTheySuspend`).
            """,
            """
            Where hosted callbacks are handled: legacy handlers run on the hosting thread, inside \
            the C callback (`RunLoopWorkerTests.legacyCallbacksRunOnTheHostingThread`); modern \
            handlers run in the consuming task, after the callback has returned \
            (`RunLoopWorkerTests.modernCallbacksArriveInTheConsumingTask`).
            """,
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `RunLoopWorker`'s worker task would inherit the main actor and await every request there, and `SourceHost`'s own thread could not run `threadMain`; `nonisolated` keeps both off it.",
        replaces: [.runLoopRun, .runLoopAdd, .runLoopSource, .runLoop, .timer, .thread, .semaphore],
        scenarios: [
            Scenario(
                "requests",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.RunLoopWorker.serveRequests(count: 5, log: log) }
                },
                modern: { context in
                    await Modern.RunLoopWorker.serveRequests(count: 5, log: context.log)
                }
            ),
            Scenario(
                "hosted source",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let tap = FakeEventTap()
                    await onOwnThread {
                        Legacy.RunLoopWorker.hostSource(
                            events: Self.tapEvents, makeSource: tap.makeRunLoopSource, post: tap.post, log: log)
                    }
                },
                modern: { context in
                    let tap = FakeEventTap()
                    await Modern.RunLoopWorker.hostSource(
                        events: Self.tapEvents, makeSource: tap.makeRunLoopSource, post: tap.post, log: context.log)
                }
            ),
        ]
    )

    /// What the fake event tap delivers.
    static let tapEvents = ["key down: a", "key up: a", "mouse moved: (3, 4)"]
}
