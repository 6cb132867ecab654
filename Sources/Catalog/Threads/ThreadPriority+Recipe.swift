import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let threadPriority = Recipe(
        id: "thread-priority",
        title: "Thread priority → task priority",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Configuring Thread Attributes\" › \"Setting the Thread Priority\""
        ],
        file: "Threads/ThreadPriority.swift",
        apis: [
            APIMapping(
                "Thread.qualityOfService (set before start)",
                "`Task(priority:)`; `Task.basePriority`, `Task.currentPriority` inside"
            ),
            APIMapping(
                "Thread.threadPriority / setThreadPriority:",
                "no direct equivalent: not in corelibs Foundation; `Task(priority:)`"
            ),
            APIMapping(
                "pthread_setschedparam",
                "no direct equivalent: real-time policies need privileges; `Task(priority:)` is a hint"
            ),
        ],
        problem: """
            Start a thread at a lower (or higher) priority than the default, and see what the \
            thread, and the work it starts, really get.
            """,
        changes: [
            """
            `thread.qualityOfService = .background` before `start()` becomes \
            `Task(priority: .background) { … }`. Inside, the thread reads \
            `Thread.current.qualityOfService` and the task `Task.basePriority`: both read back \
            what was set (`ThreadPriorityTests.theValueSetIsReadBackInside`).
            """,
            """
            A task's priority flows down to its `async let` and task-group children; a thread \
            started from a background thread gets the default \
            (`ThreadPriorityTests.legacyNestedThreadGetsTheDefault`, \
            `ThreadPriorityTests.modernChildTasksInheritThePriority`).
            """,
            """
            The POSIX knob has nothing to replace on Linux: a normal (`SCHED_OTHER`) thread has \
            one priority, 0 (`ThreadPriorityTests.legacyNormalThreadsHaveOnePosixPriority`), and \
            the real-time policies need privileges. The legacy side reports it; the modern side \
            has no counterpart.
            """,
        ],
        pitfalls: [
            """
            Priorities are hints, and nowhere do they guarantee an order: never write code, or a \
            test, that relies on a high-priority job running first.
            """,
            """
            A task's priority is not a thread's. A `.background` task runs on a pool thread whose \
            own `qualityOfService` stays the default \
            (`ThreadPriorityTests.modernTaskPriorityIsNotTheThreadsQualityOfService`).
            """,
            """
            Awaiting a task from a more urgent one escalates it: `Task.currentPriority` rises to \
            the waiter's, while `Task.basePriority` stays as created (this is why the modern side \
            reads the base priority; `currentPriority` is never below it, \
            `ThreadPriorityTests.currentPriorityIsNeverBelowTheBase`). A thread blocked on an \
            `NSLock` or a semaphore lends its priority to nobody (only priority-inheriting locks \
            such as Apple's `os_unfair_lock` do), which is how a low-priority holder delays a \
            high-priority waiter (`priority-inversion-demo`).
            """,
            """
            As the *Threading Programming Guide* warns, raising some threads' priority starves the \
            others; leave the default unless a measurement says otherwise.
            """,
        ],
        platformNotes: [
            """
            **Linux**: neither `qualityOfService` nor `TaskPriority` changes what the scheduler \
            does.
            """,
        ],
        annotations: [
            "The `log` closure is `@escaping @Sendable`: the threads call it."
        ],
        differences: [
            """
            Inheritance: the thread started inside the background thread reports `default` \
            (`ThreadPriorityTests.legacyNestedThreadGetsTheDefault`); the child task reports the \
            parent's `background` (`ThreadPriorityTests.modernChildTasksInheritThePriority`). The \
            invariant is the value read inside (`inside`); the transcripts differ.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ThreadPriority.run` would be main-actor-isolated and its task would inherit the main actor; `nonisolated` keeps the prioritised task off it, reading its priority on the pool.",
        replaces: [.threadPriority],
        scenarios: [
            Scenario(
                rules: [.invariant(["inside"])],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.ThreadPriority.run(qualityOfService: .background, log: log) }
                    let lines = context.recorder.lines
                    context.record("inside", Self.value(after: "thread qualityOfService: ", in: lines))
                },
                modern: { context in
                    await Modern.ThreadPriority.run(priority: .background, log: context.log)
                    let lines = context.recorder.lines
                    context.record("inside", Self.value(after: "task priority: ", in: lines))
                }
            )
        ]
    )

    /// The rest of the first line that starts with `prefix`.
    fileprivate static func value(after prefix: String, in lines: [String]) -> String {
        lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? "missing"
    }
}
