import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threadErrorBoundary = Recipe(
        id: "thread-error-boundary",
        title: "Catch at the thread entry point; errors through tasks",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Writing Your Thread Entry Routine\" › \"Setting Up an Exception Handler\""
        ],
        file: "Threads/ThreadErrorBoundary.swift",
        apis: [
            APIMapping(
                "Thread(block:) with a do/catch at the entry point + Result completion",
                "`Task<T, Error>`; `try await task.value` rethrows"
            ),
            APIMapping(
                "Thread per item + DispatchGroup.wait + first error under an NSLock",
                "`withThrowingTaskGroup`: the first error cancels the siblings and is rethrown"
            ),
            APIMapping(
                "try! in a Thread entry point",
                "no direct equivalent: a task stores its error; await it, or the error is lost"
            ),
        ],
        problem: """
            Run work that can fail on another thread, and get the error back to the code that \
            started it, instead of letting it escape the thread's entry point and end the process.
            """,
        changes: [
            """
            The `do`/`catch` boundary and the `Result` completion handler disappear: a task's body \
            throws, the task stores the error, and `try await task.value` rethrows it to the \
            caller (`ThreadErrorBoundaryTests.modernValueRethrowsTheError`). The legacy completion \
            runs once, on the worker thread, and the caller must hop or wait to use it \
            (`ThreadErrorBoundaryTests.legacyCompletionRunsOnceOnTheWorkerThread`).
            """,
            """
            Both stop at the first error: items after item 3 are never processed \
            (`ThreadErrorBoundaryTests.bothHandTheFirstErrorToTheCaller`).
            """,
            """
            The fan-out's threads, group, lock and "first error" bookkeeping become \
            `withThrowingTaskGroup`: `for try await` rethrows the first error, and leaving the \
            group cancels the children still running and waits for them.
            """,
        ],
        pitfalls: [
            """
            An un-awaited `Task { try … }` swallows its error: nothing traps and nothing is \
            reported (`ThreadErrorBoundaryTests.modernUnawaitedTaskLosesItsError`). Keep the \
            handle and await `value`, or catch inside the task and report.
            """,
            """
            Without the boundary, throwing code in a thread can only be called with `try!`, and \
            a failure kills the whole process, not just the thread \
            (`ThreadErrorBoundaryTests.legacyUncaughtErrorKillsTheProcess`, run in a child \
            process).
            """,
            """
            A trap (`fatalError`, `try!`, an out-of-range index, a force-unwrapped nil) can't be \
            caught anywhere, in a thread or in a task. The *Threading Programming Guide*'s \
            Objective-C `@try`/`@catch` has no Swift counterpart; Swift errors are values that \
            `catch` handles.
            """,
            """
            Cancellation is cooperative: a cancelled sibling stops only at a check or a \
            cancellable wait (`Task.sleep` here). A sibling in the middle of blocking work runs \
            on, and the group waits for it.
            """,
        ],
        annotations: [
            """
            `Collector` is `@unchecked Sendable`: its results and first error are guarded by an \
            `NSLock`.
            """,
            "The work, log and completion closures are `@escaping @Sendable`: the threads call them.",
        ],
        differences: [
            """
            After the first error, the legacy fan-out can't stop the other threads: they run to \
            their end, and the caller hears of the failure only when the last one is done \
            (`ThreadErrorBoundaryTests.legacyFanOutWaitsForEveryThread`). The task group cancels \
            the siblings still sleeping, and rethrows at once \
            (`ThreadErrorBoundaryTests.modernFanOutCancelsTheSiblings`). The invariant is the \
            error the caller gets (`error`); the transcripts differ.
            """,
            """
            An error that nobody handles: the legacy thread traps and the process dies (signal \
            4); the modern task keeps the error to itself, and the process goes on. Both run in \
            child processes.
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `start` and `startUnawaited` would be main-actor-isolated and their tasks would inherit the main actor, and `WorkError`'s `Equatable` conformance would be main-actor-isolated; `nonisolated` keeps the tasks off the main actor and the error comparable anywhere.",
        replaces: [.thread, .nsLock, .groupWait, .dispatchGroup],
        scenarios: [
            Scenario(
                "one thread",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ThreadErrorBoundary.runOneThread(failing: 3, log: log) }
                },
                modern: { context in
                    await Modern.ThreadErrorBoundary.runOneTask(failing: 3, log: context.log)
                }
            ),
            Scenario(
                "fan-out",
                rules: [.invariant(["error"])],
                legacy: { context in
                    let log = context.log
                    let slow = context.pace(.seconds(10))
                    await onOwnThread { Legacy.ThreadErrorBoundary.runFanOut(failing: 3, slow: slow, log: log) }
                    context.record("error", Self.failure(in: context.recorder.lines))
                },
                modern: { context in
                    let slow = context.pace(.seconds(10))
                    await Modern.ThreadErrorBoundary.runFanOut(failing: 3, slow: slow, log: context.log)
                    context.record("error", Self.failure(in: context.recorder.lines))
                }
            ),
            Scenario(
                "nobody catches",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        Legacy.ThreadErrorBoundary.runWithoutBoundary(failing: 3, log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.ThreadErrorBoundary.runUnawaited(failing: 3, log: log)
                    })
            ),
        ]
    )

    /// What the `failed: …` line says, or `none`.
    fileprivate static func failure(in lines: [String]) -> String {
        lines.first { $0.hasPrefix("failed: ") }.map { String($0.dropFirst("failed: ".count)) } ?? "none"
    }
}
