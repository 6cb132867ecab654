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
        prose: Articles.recipe("thread-priority"),
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
