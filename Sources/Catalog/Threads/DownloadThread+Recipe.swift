import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let downloadThread = Recipe(
        id: "thread-spawn-basics",
        title: "Starting a thread (detach, init + start, perform in background)",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating a Thread\" › \"Using NSThread\" and \"Using NSObject to Spawn a Thread\"",
            "*iOS Programming Cookbook*, §7.15 \"Creating Concurrency with Threads\" (a download on a detached thread)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its three ways to create a thread (`downloadImage:`, `performSelectorOnMainThread`)",
        ],
        file: "Threads/DownloadThread.swift",
        apis: [
            APIMapping(
                "Thread.detachNewThread; detachNewThreadSelector:toTarget:withObject:",
                "`Task.detached {}`, joined with `await task.value`"),
            APIMapping("performSelectorInBackground:withObject:", "`Task.detached {}`; a `@concurrent` function"),
            APIMapping("Thread(block:) + stackSize + start()", "`async let` (structured); no stack size to set"),
            APIMapping("performSelectorOnMainThread:withObject:waitUntilDone:", "`await` a `@MainActor` function"),
        ],
        problem: """
            Start a thread that runs an entry point with an argument (download \
            `http://www.OReilly.com`), then report the result to the UI on the main thread.
            """,
        changes: [
            """
            The three ways of starting a thread become two ways of starting a task. \
            `detachNewThreadSelector:` and `performSelectorInBackground:` (selectors don't exist \
            on Linux; `Thread.detachNewThread` takes a closure) become `Task.detached`; \
            `initWithTarget:selector:object:` + `start`, which lets you configure the thread \
            first, becomes `async let`, a child task joined before its scope ends.
            """,
            """
            A thread can't be joined, so the entry point sends its own result to the main queue \
            and tells the waiter through a callback. The task returns its result: \
            `await task.value` is the join, and the caller updates the UI by awaiting a \
            `@MainActor` function.
            """,
            """
            The thread's settings have no task counterpart: there is no stack size to set (tasks \
            don't have stacks of their own), and quality of service becomes `Task(priority:)`, a \
            hint on both (`thread-priority`).
            """,
        ],
        pitfalls: [
            """
            `Task.detached` is not a detached thread: it has a handle, and `.value` joins it. \
            Dropping the handle neither cancels the task nor stops it \
            (`DownloadThreadTests.aDroppedTaskHandleStillRunsToTheEnd`), and an error thrown by \
            a task nobody awaits is lost.
            """,
            """
            Prefer `async let` or a `@concurrent` function to `Task.detached`: a detached task \
            inherits neither the caller's priority nor its task-local values, and nobody has to \
            await it.
            """,
            """
            Tasks take a name where they are created: `Task(name:)`, `group.addTask(name:)`.
            """,
        ],
        platformNotes: [
            """
            **Linux**: don't count on a thread's name. Set before `start()` it is lost: in the \
            thread, `Thread.current.name` reads the name inherited from the thread that started it \
            (`DownloadThreadTests.legacyNameSetBeforeStartIsLost`). Even set first thing in the \
            entry point, it sometimes never reaches the system (in 1 of 8 runs here the thread \
            kept its inherited name).
            """,
            """
            **Linux**: subclassing `Thread` and overriding `main` (the *Threading Programming \
            Guide*'s alternative) compiles only with `import CoreFoundation` in that file. A \
            closure (`Thread(block:)`) needs no subclass.
            """,
        ],
        annotations: [
            """
            Every closure the thread runs (`load`, `log`, `show`, `done`) is `@escaping \
            @Sendable`: it runs on the new thread or on the main queue.
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its introduction to `NSThread`: `NSThread` \
            is not "the highest abstraction, recommended by Apple": it is the lowest-level of the \
            Cocoa APIs (above pthreads), and Apple has long recommended GCD and operation queues \
            over it, and now Swift concurrency.
            """,
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSThread` download example \
            (`initWithContentsOfURL:` on a background thread, `performSelectorOnMainThread` with \
            `waitUntilDone:YES`): waiting for the main thread from the worker gains nothing here \
            and deadlocks if the main thread ever waits for the worker.
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `detached` and `structured` would run on the main actor, which turns `await show(…)` into a no-op `await` the compiler flags; `nonisolated` keeps them running wherever their caller runs, so that `await` is the one hop to the UI.",
        replaces: [.detachNewThread, .performSelectorInBackground, .performSelectorOnMainThread, .thread],
        scenarios: [
            Scenario(
                "detached",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        Legacy.DownloadThread.detach(
                            oreilly, load: loader(context).loadBlocking, log: context.log,
                            show: { sink.showFromMainQueue($0) }, done: { done.resume() })
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.DownloadThread.detached(
                        oreilly, load: loader(context).load, log: context.log,
                        show: { @MainActor in sink.show($0) })
                }
            ),
            Scenario(
                "configured",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        Legacy.DownloadThread.start(
                            oreilly, load: loader(context).loadBlocking, log: context.log,
                            show: { sink.showFromMainQueue($0) }, done: { done.resume() })
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.DownloadThread.structured(
                        oreilly, load: loader(context).load, log: context.log,
                        show: { @MainActor in sink.show($0) })
                }
            ),
        ]
    )
}

private let oreilly = URL(string: "http://www.OReilly.com")!

/// A fake loader that answers the example's URL with 2,048 bytes after a tenth of a second.
private func loader(_ context: RunContext) -> FakeLoader {
    FakeLoader(responses: [oreilly: Data(repeating: 0x2A, count: 2048)], latency: context.pace(.milliseconds(100)))
}
